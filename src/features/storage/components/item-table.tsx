import { memo, useLayoutEffect, useMemo } from 'react'
import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import type { StacItem } from '../../../data/storage/queries'
import { formatUtc } from '../../../lib/format'
import { useVirtualRows } from '../../../lib/use-virtual-rows'
import { tagsOf, titleOf } from '../words'
import { PAGE_MARKS } from '../use-footprints-mark'
import classes from './storage.module.css'

/** An item's thumbnail asset, when it has one (role `thumbnail`). */
const thumbnailOf = (item: StacItem) => Object.values(item.assets).find((a) => a.roles?.includes('thumbnail'))

/** Lists longer than this are virtualised: only the rows in view (and a few more) are in the DOM. */
const VIRTUAL_FROM = 60
const ROW_HEIGHT = 52

/** One page of a collection's items, linked to their pages; virtualised when long. */
export function ItemTable({
  items,
  collectionId,
  hovered,
  onHover,
}: {
  items: StacItem[]
  collectionId: string
  hovered: number | null
  onHover: (i: number | null) => void
}) {
  // The table's links are reached with Tab, as ever: the hook's keys between rows are not used here.
  const { scroller, virtual, rows, before, after } = useVirtualRows({
    count: items.length,
    rowHeight: ROW_HEIGHT,
    focus: 'a',
    virtualFrom: VIRTUAL_FROM + 1,
  })
  const shown = rows.length > 0
  // The page's own timing mark: this page of items is listed (the frame it is painted in).
  useLayoutEffect(() => {
    if (!shown) return
    const id = requestAnimationFrame(() =>
      performance.mark(PAGE_MARKS.rows, { detail: { count: items.length } }),
    )
    return () => cancelAnimationFrame(id)
  }, [items, shown])
  const withThumbs = useMemo(() => items.some((i) => thumbnailOf(i)), [items])
  const columns = withThumbs ? 4 : 3
  return (
    <div
      ref={scroller}
      className={virtual ? classes.itemScroller : undefined}
      data-items-scroller={virtual ? '' : undefined}
    >
      <table
        aria-label="Items"
        aria-rowcount={items.length + 1}
        className={classes.items}
        onMouseLeave={() => onHover(null)}
      >
        <thead>
          <tr aria-rowindex={1}>
            {withThumbs && <th>Thumbnail</th>}
            <th>Item</th>
            <th>Acquired</th>
            <th>Properties</th>
          </tr>
        </thead>
        <tbody>
          {before > 0 && (
            <tr aria-hidden="true" style={{ height: before }}>
              <td colSpan={columns} />
            </tr>
          )}
          {rows.map((i) => (
            <ItemRow
              key={items[i].id}
              item={items[i]}
              index={i}
              collectionId={collectionId}
              withThumbs={withThumbs}
              hovered={hovered === i}
              onHover={onHover}
            />
          ))}
          {after > 0 && (
            <tr aria-hidden="true" style={{ height: after }}>
              <td colSpan={columns} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  )
}

/** Plain elements: 500 of them are listed at once. */
const ItemRow = memo(function ItemRow({
  item,
  index,
  collectionId,
  withThumbs,
  hovered,
  onHover,
}: {
  item: StacItem
  index: number
  collectionId: string
  withThumbs: boolean
  hovered: boolean
  onHover: (i: number | null) => void
}) {
  const p = item.properties
  const thumb = withThumbs ? thumbnailOf(item) : undefined
  const facts = [
    p.constellation,
    typeof p.gsd === 'number' ? `${p.gsd} m` : null,
    typeof p['eo:cloud_cover'] === 'number' ? `${p['eo:cloud_cover']} % cloud` : null,
  ].filter(Boolean)
  const tags = tagsOf(p['up42-user:tags'])
  return (
    <tr
      data-item-id={item.id}
      aria-rowindex={index + 2}
      data-hovered={hovered || undefined}
      onMouseEnter={() => onHover(index)}
    >
      {withThumbs && <td>{thumb ? <img src={thumb.href} alt="" className={classes.thumb} /> : null}</td>}
      <td>
        <Link
          to={paths.storageItem(collectionId, item.id)}
          className={classes.itemLink}
          onFocus={() => onHover(index)}
        >
          {titleOf(p, item.id)}
        </Link>
        {tags.length > 0 && <div className={classes.dim}>{tags.join(', ')}</div>}
      </td>
      <td>{formatUtc(p.datetime)}</td>
      <td>{facts.join(' · ') || '—'}</td>
    </tr>
  )
})
