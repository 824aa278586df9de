// Vitest setup for component tests (files marked `@vitest-environment jsdom`): what jsdom lacks and Mantine
// needs, and testing-library's cleanup between tests. Node-environment tests skip all of it.
import { afterEach } from 'vitest'

class FakeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

if (typeof window !== 'undefined') {
  const { cleanup } = await import('@testing-library/react')
  afterEach(() => cleanup())

  if (typeof window.matchMedia !== 'function')
    Object.defineProperty(window, 'matchMedia', { value: fakeMatchMedia, configurable: true, writable: true })
  if (typeof globalThis.ResizeObserver !== 'function')
    Object.defineProperty(globalThis, 'ResizeObserver', {
      value: FakeObserver,
      configurable: true,
      writable: true,
    })
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
