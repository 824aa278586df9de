import { describe, expect, it } from 'vitest'
import { safeNext } from './safe-next'

describe('safeNext', () => {
  it.each([
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/\\evil.example',
    '/\\/evil.example',
    '//evil.example',
    'https://evil.example',
    'javascript:alert(1)',
    '/ /evil.example',
    '/sign-in?next=/orders',
    '',
    null,
  ])('refuses %j and goes home instead', (raw) => {
    expect(safeNext(raw, '/')).toBe('/')
  })

  it('keeps paths of the console with their query and fragment', () => {
    expect(safeNext('/orders?status=CREATED#top', '/')).toBe('/orders?status=CREATED#top')
    expect(safeNext('/catalog?bbox=-5,42,8,51', '/')).toBe('/catalog?bbox=-5,42,8,51')
  })
})
