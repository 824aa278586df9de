import { titleOf } from '../../data/storage/query'
import type { StacItem } from '../../data/storage/queries'
import { formatUtcDay } from '../../lib/format'

/** An item as the review names it: its title and the day it was acquired. */
export const itemLabel = (item: StacItem) =>
  `${titleOf(item.properties, item.id)} · ${formatUtcDay(item.properties.datetime ?? null, 'date unknown')}`

/** A value to three significant figures, without a long tail of zeros. */
export const fmt = (v: number) => String(Number(v.toPrecision(3)))

/** A change with its sign: "+0.12", "−3.4", "±0". */
export const signed = (v: number) => `${v > 0 ? '+' : v < 0 ? '−' : '±'}${fmt(Math.abs(v))}`
