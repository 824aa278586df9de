/**
 * The time of a STAC item. An item has either `datetime` or, for an acquisition over a span, a
 * `start_datetime`/`end_datetime` pair with `datetime` null; the service's catalogue also carries the older
 * `acquisitionDate`. Pure: no time zone of the browser enters (RFC 3339 texts carry their offset).
 */

/** The time fields of an item's properties, as the contract types them (each may be absent or null). */
export interface StacTimeFields {
  datetime?: string | null
  start_datetime?: string | null
  end_datetime?: string | null
  acquisitionDate?: string | null
}

export interface StacTime {
  /** The text the item gives for its moment: `datetime`, else the span's start, else `acquisitionDate`. */
  text: string
  /** That moment in milliseconds since the epoch, offsets honoured; null when the text is not a date-time. */
  at: number | null
}

/** The moment an item stands for, or null when it gives none. */
export function stacTime(p: StacTimeFields): StacTime | null {
  const text = p.datetime ?? p.start_datetime ?? p.acquisitionDate ?? null
  if (text === null) return null
  const at = Date.parse(text)
  return { text, at: Number.isNaN(at) ? null : at }
}
