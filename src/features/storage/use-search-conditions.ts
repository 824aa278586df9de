import type { Geometry, Polygon } from 'geojson'
import { useState, type FormEvent } from 'react'
import type { StorageSearch } from '../../data/storage/query'
import { dateRange, rowProblem, rowsToCql, type Field, type Row } from './filter-builder'

/** Items per page of a storage search. */
export const PAGE_SIZE = 50

/**
 * The storage search's conditions as the analyst writes them (field rows, the drawn area, UTC days) and the
 * search body they make once each reads: `body` is null until the first search.
 */
export function useSearchConditions(fields: Field[], polygons: Polygon[]) {
  const [rows, setRows] = useState<Row[]>([])
  const [problems, setProblems] = useState<(string | null)[]>([])
  const [overArea, setOverArea] = useState(false)
  // Days (`2026-11-25`), null when empty, undefined while the text typed does not read as a day.
  const [from, setFrom] = useState<string | null | undefined>(null)
  const [to, setTo] = useState<string | null | undefined>(null)
  const daysProblem =
    from === undefined || to === undefined
      ? 'Write the dates as UTC days, as 25 Nov 2026.'
      : from && to && from > to
        ? 'The first day comes after the last: swap them.'
        : null
  const [showDaysProblem, setShowDaysProblem] = useState(false)
  const [body, setBody] = useState<StorageSearch | null>(null)

  function submit(e: FormEvent) {
    e.preventDefault()
    const found = rows.map((r) =>
      rowProblem(
        r,
        fields.find((f) => f.name === r.field),
      ),
    )
    setProblems(found)
    setShowDaysProblem(daysProblem !== null)
    if (found.some((p) => p !== null) || daysProblem) return
    const area: Geometry | undefined =
      overArea && polygons.length > 0
        ? polygons.length === 1
          ? polygons[0]
          : { type: 'MultiPolygon', coordinates: polygons.map((p) => p.coordinates) }
        : undefined
    const next: StorageSearch = { limit: PAGE_SIZE, page: 0 }
    const filter = rowsToCql(rows, fields)
    if (filter) {
      next.filter = filter
      next['filter-lang'] = 'cql2-json'
    }
    if (area) next.intersects = area
    const datetime = dateRange(from ?? '', to ?? '')
    if (datetime) next.datetime = datetime
    setBody(next)
  }

  return {
    rows,
    setRows,
    problems,
    setProblems,
    overArea,
    setOverArea,
    from,
    setFrom,
    to,
    setTo,
    daysProblem,
    showDaysProblem,
    body,
    setBody,
    submit,
  }
}
