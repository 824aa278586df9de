// Vitest setup for component tests (the `dom` project in vite.config.ts, jsdom): what jsdom lacks and Mantine
// needs, testing-library's cleanup between tests and its wait limit. Node tests do not load it.
import { afterEach, beforeEach, vi } from 'vitest'

// WebGL does not exist in jsdom: every component test draws the map with the one test double.
vi.mock('../map/map-view', () => import('./map-view'))

class FakeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

if (typeof window !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react')
  afterEach(() => {
    cleanup()
    // A file that faked a clock must not leave the next file's timers frozen.
    vi.useRealTimers()
  })
  // The files of this project share one module graph and one jsdom per worker (isolate: false in
  // vite.config.ts), so nothing a file leaves behind may reach the next: every test starts from empty
  // storage, empty stores and an undrawn map.
  const { resetAllStores } = await import('./stores')
  beforeEach(() => {
    localStorage.clear()
    resetAllStores()
  })
  // One patience for every `findBy`/`waitFor`, set here rather than per file: they return as soon as what
  // the user sees is there, so a long limit costs nothing when the machine is idle, and a busy machine (two
  // suites at once, CI) makes a page of simulator round trips take seconds. Below the test timeout, so a
  // wait that never succeeds still fails with testing-library's message.
  configure({ asyncUtilTimeout: 15_000 })

  if (typeof window.matchMedia !== 'function')
    Object.defineProperty(window, 'matchMedia', { value: fakeMatchMedia, configurable: true, writable: true })
  if (typeof globalThis.ResizeObserver !== 'function')
    Object.defineProperty(globalThis, 'ResizeObserver', {
      value: FakeObserver,
      configurable: true,
      writable: true,
    })
  // Mantine's autosized Textarea measures again when web fonts finish loading; jsdom loads none.
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true, writable: true })
  if (typeof Element.prototype.scrollIntoView !== 'function')
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      value: () => undefined,
      configurable: true,
      writable: true,
    })
}

function fakeMatchMedia(query: string): MediaQueryList {
  return {
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }
}
