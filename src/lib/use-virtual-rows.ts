import { useVirtualizer } from '@tanstack/react-virtual'
import { useLayoutEffect, useRef, type KeyboardEvent, type RefObject } from 'react'
import { keyTarget } from './list-keys'

export interface VirtualRowsOptions {
  count: number
  /** A row's height in px: exact for fixed rows, a first guess for measured ones. */
  rowHeight: number
  /** Rows of different heights are measured once drawn (pass `measure` as each row's ref). */
  measured?: boolean
  /** What covers the top of the scroll box (a sticky header): a row moved "into view" must clear it. */
  scrollPaddingStart?: number
  /** The selector, inside a row element (`[data-row-index]`), of what the keys move the focus to. */
  focus: string
  /** Lists shorter than this draw every row (the keys work alike); 0: always virtual. */
  virtualFrom?: number
  /** The rows Page Up/Down move by; by default a screenful (the box's height in rows, less two). */
  pageRows?: number
  /** Rows drawn beyond each end of the box (6 unless said). */
  overscan?: number
}

export interface VirtualRows {
  /** The scroll box's ref. */
  scroller: RefObject<HTMLDivElement | null>
  /** Whether only some rows are drawn (the list is at least `virtualFrom` long). */
  virtual: boolean
  /** The indexes of the rows to draw now (those in the box and a few on either side). */
  rows: number[]
  /** The px above the first drawn row and below the last, for spacers that keep the scroll height. */
  before: number
  after: number
  /** For each row's ref when rows are measured; undefined when they are not. */
  measure: ((el: Element | null) => void) | undefined
  /** On the list's element: the arrows, Page Up/Down and Ctrl+Home/End between the rows' focus targets. */
  onKeyDown: (e: KeyboardEvent<HTMLElement>) => void
}

/**
 * The console's one virtual list (TanStack Virtual): only the rows in the scroll box are drawn, and the keys
 * move between rows, scrolling the one they land on into view and focusing it once it is drawn. Each row
 * element carries `data-row-index` (its index in the list) and `data-index` (the measuring's).
 */
export function useVirtualRows(opts: VirtualRowsOptions): VirtualRows {
  const { count, rowHeight, focus } = opts
  const virtual = count >= (opts.virtualFrom ?? 0)
  const scroller = useRef<HTMLDivElement>(null)
  // TanStack Virtual hands back a mutable instance, which the React Compiler cannot memoise; the list using
  // it re-renders on scroll anyway, and its rows are memoised on their own.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: virtual ? count : 0,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: opts.overscan ?? 6,
    scrollPaddingStart: opts.scrollPaddingStart ?? 0,
  })
  const items = virtualizer.getVirtualItems()
  const rows = virtual ? items.map((v) => v.index) : Array.from({ length: count }, (_, i) => i)
  const before = virtual && items.length > 0 ? items[0].start : 0
  // With no row drawn yet the spacer holds the whole length: a box sized by its content (a max-height only)
  // would otherwise stay 0 px high, and a 0 px box shows no rows, so none would ever be drawn.
  const after = !virtual
    ? 0
    : items.length > 0
      ? virtualizer.getTotalSize() - items[items.length - 1].end
      : virtualizer.getTotalSize()
  const target = (i: number) =>
    scroller.current?.querySelector<HTMLElement>(`[data-row-index="${i}"] ${focus}`) ?? null

  // Moving with the keys may land on a row that is not drawn yet: it is focused once it is.
  const pendingFocus = useRef<number | null>(null)
  useLayoutEffect(() => {
    const i = pendingFocus.current
    if (i === null) return
    const el = scroller.current?.querySelector<HTMLElement>(`[data-row-index="${i}"] ${focus}`)
    if (el) {
      pendingFocus.current = null
      el.focus({ preventScroll: true })
    }
  })

  function onKeyDown(e: KeyboardEvent<HTMLElement>) {
    const row = (e.target as HTMLElement).closest<HTMLElement>('[data-row-index]')
    if (!row) return
    const perPage =
      opts.pageRows ?? Math.max(1, Math.floor((scroller.current?.clientHeight ?? rowHeight) / rowHeight) - 2)
    const to = keyTarget(e.key, e.ctrlKey, Number(row.dataset.rowIndex), count, perPage)
    if (to === null) return
    e.preventDefault()
    if (virtual) virtualizer.scrollToIndex(to, { align: 'auto' })
    const el = target(to)
    if (el) el.focus({ preventScroll: false })
    else pendingFocus.current = to
  }

  return {
    scroller,
    virtual,
    rows,
    before,
    after,
    measure: virtual && opts.measured ? virtualizer.measureElement : undefined,
    onKeyDown,
  }
}
