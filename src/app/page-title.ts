import { plainText } from '../lib/plain-text'

const BASE = 'Swath'

/**
 * Keeps the tab's title to the page's heading ("Orders · Swath", "Harbour survey 12 · Swath"): tabs and the
 * history list can be told apart, and a screen reader names the page it lands on. Every page has one `h1`;
 * a page still loading keeps the console's name. Returns the way to stop following.
 */
export function followHeadingTitle(root: Element): () => void {
  const update = () => {
    // A heading holding a name (an order's, an item's) may carry bidi controls: isolated on the page, taken
    // out of the title, which has no markup to isolate them with.
    const text = plainText(root.querySelector('h1')?.textContent ?? '')
    const title = text ? `${text} · ${BASE}` : BASE
    if (document.title !== title) document.title = title
  }
  update()
  const observer = new MutationObserver(update)
  observer.observe(root, { subtree: true, childList: true, characterData: true })
  return () => observer.disconnect()
}
