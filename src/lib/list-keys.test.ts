import { describe, expect, it } from 'vitest'
import { keyTarget } from './list-keys'

describe('keyTarget', () => {
  it('moves one row with the arrows and a screen with Page Up/Down, inside the list', () => {
    expect(keyTarget('ArrowDown', false, 3, 100)).toBe(4)
    expect(keyTarget('ArrowUp', false, 3, 100)).toBe(2)
    expect(keyTarget('PageDown', false, 3, 100, 10)).toBe(13)
    expect(keyTarget('PageUp', false, 3, 100, 10)).toBe(0)
    expect(keyTarget('PageDown', false, 95, 100, 10)).toBe(99)
    expect(keyTarget('ArrowDown', false, 99, 100)).toBe(99)
    expect(keyTarget('ArrowUp', false, 0, 100)).toBe(0)
  })

  it('goes to the ends with Ctrl+Home/End only, and leaves other keys alone', () => {
    expect(keyTarget('End', true, 3, 100)).toBe(99)
    expect(keyTarget('Home', true, 50, 100)).toBe(0)
    expect(keyTarget('End', false, 3, 100)).toBeNull()
    expect(keyTarget('Home', false, 3, 100)).toBeNull()
    expect(keyTarget('Enter', false, 3, 100)).toBeNull()
  })
})
