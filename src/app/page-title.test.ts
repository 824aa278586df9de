// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { followHeadingTitle } from './page-title'

const settle = () => new Promise((r) => setTimeout(r, 0))

describe('the tab title follows the page heading', () => {
  let stop = () => {}
  afterEach(() => {
    stop()
    document.body.innerHTML = ''
  })

  it('names the page, follows a new page and a renamed heading, and falls back to the console name', async () => {
    document.body.innerHTML = '<main><p>Loading…</p></main>'
    stop = followHeadingTitle(document.body)
    expect(document.title).toBe('Swath')

    document.querySelector('main')!.innerHTML = '<h1>Orders</h1><table></table>'
    await settle()
    expect(document.title).toBe('Orders · Swath')

    const h1 = document.createElement('h1')
    h1.innerHTML = 'Harbour\n  survey <span>12</span>'
    document.querySelector('main')!.replaceChildren(h1)
    await settle()
    expect(document.title).toBe('Harbour survey 12 · Swath')

    h1.querySelector('span')!.firstChild!.nodeValue = '13'
    await settle()
    expect(document.title).toBe('Harbour survey 13 · Swath')

    document.querySelector('main')!.replaceChildren()
    await settle()
    expect(document.title).toBe('Swath')
  })

  it('stops following once stopped', async () => {
    document.body.innerHTML = '<h1>Jobs</h1>'
    followHeadingTitle(document.body)()
    document.body.innerHTML = '<h1>Budgets</h1>'
    await settle()
    expect(document.title).toBe('Jobs · Swath')
  })

  it('takes bidi controls and hidden characters out of the title, which cannot isolate them', async () => {
    document.body.innerHTML = '<main></main>'
    stop = followHeadingTitle(document.body)
    // A name as an attacker would write it: an override that makes "exe.png" read "gnp.exe", an isolate
    // left open, a zero-width joiner and a control character.
    document.querySelector('main')!.innerHTML =
      '<h1><bdi>Invoice \u202egnp.exe</bdi> \u2067x\u200d\u0007y</h1>'
    await settle()
    // The control character becomes a space, as a line break in the heading does.
    expect(document.title).toBe('Invoice gnp.exe x y · Swath')
  })
})
