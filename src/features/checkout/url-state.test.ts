import { describe, expect, it } from 'vitest'
import { paths } from '../../config/paths'
import { shareUrl } from '../../lib/share-link'
import { readCheckoutHandOver, withoutHandOver } from './url-state'

const paramsOf = (url: string) => new URL(url, 'https://console.test').searchParams

describe('what a link hands the checkout', () => {
  it('reads the links the console writes: a data product, an order to place again', () => {
    expect(readCheckoutHandOver(paramsOf(paths.checkout('product=dp-1')))).toEqual({
      productId: 'dp-1',
      againOrderId: null,
      shared: null,
    })
    expect(readCheckoutHandOver(paramsOf(paths.checkoutAgain('order 7')))).toEqual({
      productId: null,
      againOrderId: 'order 7',
      shared: null,
    })
    expect(
      readCheckoutHandOver(paramsOf(shareUrl(paths.checkout(), 'abc_-1', 'https://console.test'))).shared,
    ).toBe('abc_-1')
    expect(readCheckoutHandOver(paramsOf(paths.checkout()))).toEqual({
      productId: null,
      againOrderId: null,
      shared: null,
    })
  })

  it('hands nothing over for an empty value', () => {
    expect(readCheckoutHandOver(new URLSearchParams('product=&again='))).toEqual({
      productId: null,
      againOrderId: null,
      shared: null,
    })
  })

  it('takes out only the hand-over acted on, so nothing is read twice', () => {
    const params = new URLSearchParams('product=dp-1&again=o1&shared=x')
    const afterProduct = withoutHandOver(params, 'product')
    expect(afterProduct.toString()).toBe('again=o1&shared=x')
    expect(readCheckoutHandOver(afterProduct)).toEqual({ productId: null, againOrderId: 'o1', shared: 'x' })
    expect(withoutHandOver(afterProduct, 'again').toString()).toBe('shared=x')
    expect(withoutHandOver(afterProduct, 'shared').toString()).toBe('again=o1')
    expect(params.toString()).toBe('product=dp-1&again=o1&shared=x')
  })
})
