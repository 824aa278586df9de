// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { openSignedUrl } from './download'

/** The links the page clicked, as they were at the click. */
function recordClicks() {
  const clicked: { href: string; target: string; rel: string; download: string }[] = []
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, target: this.target, rel: this.rel, download: this.download })
  })
  return clicked
}

afterEach(() => vi.restoreAllMocks())

describe('opening a signed link', () => {
  it('never navigates the console: a link to another host opens apart, even without attachment', () => {
    const clicked = recordClicks()
    openSignedUrl('https://storage.example.net/bucket/scene.tif?sig=abc', 'scene.tif')
    expect(clicked).toEqual([
      {
        href: 'https://storage.example.net/bucket/scene.tif?sig=abc',
        // A browser ignores `download` across origins and follows the link: in its own browsing context, the
        // console's page stays, whatever the bucket answers.
        target: '_blank',
        rel: 'noopener noreferrer',
        download: 'scene.tif',
      },
    ])
    expect(document.querySelectorAll('a[href*="storage.example.net"]')).toHaveLength(0)
  })

  it('downloads a link on the console’s own origin under the page’s name', () => {
    const clicked = recordClicks()
    openSignedUrl(`${location.origin}/storage/scene.tif?sig=abc`, 'Delta – image.tif')
    expect(clicked).toMatchObject([{ download: 'Delta – image.tif', rel: 'noopener noreferrer' }])
  })
})
