/**
 * The change review's view in the URL, so a review is a link: the item it starts from and the one it is
 * compared with (each `collection/item`), what is shown (swipe or difference), what the difference is of (a
 * band or a formula) and the threshold of the outlined change.
 */

export interface ItemRef {
  collectionId: string
  itemId: string
}

export type Shown = 'swipe' | 'difference'

export interface ChangeView {
  item: ItemRef | null
  /** The other item; null: the proposed one. */
  with: ItemRef | null
  shown: Shown
  /** A band name (`red`, `nir`, `amp`…) or `formula`. */
  of: string | null
  formula: string | null
  /** The outlined change's threshold; null: the review's default for what is compared. */
  threshold: number | null
}

export const refText = (r: ItemRef) => `${encodeURIComponent(r.collectionId)}/${encodeURIComponent(r.itemId)}`

export function readRef(text: string | null): ItemRef | null {
  if (!text) return null
  const parts = text.split('/')
  if (parts.length !== 2 || !parts[0] || !parts[1]) return null
  try {
    return { collectionId: decodeURIComponent(parts[0]), itemId: decodeURIComponent(parts[1]) }
  } catch {
    return null
  }
}

export function readChangeView(params: URLSearchParams): ChangeView {
  const threshold = Number(params.get('threshold'))
  const of = params.get('of')
  return {
    item: readRef(params.get('item')),
    with: readRef(params.get('with')),
    shown: params.get('show') === 'difference' ? 'difference' : 'swipe',
    of: of && /^[a-z]+$/.test(of) ? of : null,
    formula: params.get('formula'),
    threshold:
      params.get('threshold') !== null && Number.isFinite(threshold) && threshold > 0 ? threshold : null,
  }
}

/** The view as URL parameters, the defaults left out. */
export function changeViewSearch(v: ChangeView): URLSearchParams {
  const out = new URLSearchParams()
  if (v.item) out.set('item', refText(v.item))
  if (v.with) out.set('with', refText(v.with))
  if (v.shown !== 'swipe') out.set('show', v.shown)
  if (v.of) out.set('of', v.of)
  if (v.formula !== null && v.of === 'formula') out.set('formula', v.formula)
  if (v.threshold !== null) out.set('threshold', String(v.threshold))
  return out
}
