import { describe, expect, it } from 'vitest'
import { paths } from '../../config/paths'
import { shareUrl } from '../../lib/share-link'
import { readTaskingHandOver, withoutHandOver } from './url-state'

const paramsOf = (url: string) => new URL(url, 'https://console.test').searchParams

describe('what a link hands the tasking page', () => {
  it('reads the links the console writes: an order to request again, a shared request', () => {
    expect(readTaskingHandOver(paramsOf(paths.taskingAgain('order/7')))).toEqual({
      againOrderId: 'order/7',
      shared: null,
    })
    expect(
      readTaskingHandOver(paramsOf(shareUrl(paths.tasking(), 'abc_-1', 'https://console.test'))),
    ).toEqual({ againOrderId: null, shared: 'abc_-1' })
    expect(readTaskingHandOver(paramsOf(paths.tasking()))).toEqual({ againOrderId: null, shared: null })
  })

  it('names no order for an empty value', () => {
    expect(readTaskingHandOver(new URLSearchParams('again=')).againOrderId).toBeNull()
  })

  it('takes out only the hand-over acted on, keeping every other parameter', () => {
    const params = new URLSearchParams('again=o1&shared=x&y=1')
    const after = withoutHandOver(params, 'again')
    expect(after.toString()).toBe('shared=x&y=1')
    expect(readTaskingHandOver(after)).toEqual({ againOrderId: null, shared: 'x' })
    expect(withoutHandOver(after, 'shared').toString()).toBe('y=1')
  })
})
