import type { Polygon } from 'geojson'
import { decodePolygons, encodePolygons } from '../../lib/polyline'
import { DEFAULT_FILTERS, MAX_FRAMES, type FrameFilters } from '../../lib/imagery/timelapse'
import { viewFromParams, viewToParams, type ImageView } from '../../lib/imagery/view'

/** What the time-lapse is of: an area typed in the link, or a stored item's footprint. */
export type TimelapseSubject =
  { kind: 'area'; polygons: Polygon[] } | { kind: 'item'; collectionId: string; itemId: string }

export interface TimelapseState {
  subject: TimelapseSubject | null
  /** Why the link's subject could not be read (cut short, edited), or null. */
  problem: string | null
  filters: FrameFilters
  view: ImageView
  /** How many of the newest frames play (MAX_FRAMES unless the link asks fewer). */
  frames: number
  /** Whether the catalog's quicklooks of the place and period join as lower-quality frames (off by default). */
  quicklooks: boolean
}

const share = (raw: string | null, fallback: number, max: number) => {
  if (raw === null || raw === '') return fallback
  const n = Number(raw)
  return Number.isFinite(n) && n >= 0 && n <= max ? n : fallback
}

/**
 * The page's view from its URL: `aoi` (encoded polygons, as the catalog writes them) or `item`
 * (`<collection id>/<item id>`), `cover` (least share of the area, percent), `cloud` (most cloud, percent),
 * the picture's view (`bands`, `stretch`, `formula`, as on the item page) and `quicklooks=1` (the catalog's
 * quicklooks join as frames).
 */
export function readTimelapse(params: URLSearchParams): TimelapseState {
  const filters: FrameFilters = {
    minCoverage: share(params.get('cover'), DEFAULT_FILTERS.minCoverage * 100, 100) / 100,
    maxCloud: share(params.get('cloud'), DEFAULT_FILTERS.maxCloud, 100),
  }
  const view = viewFromParams(params)
  const frames = Math.max(1, Math.round(share(params.get('frames'), MAX_FRAMES, MAX_FRAMES)))
  const quicklooks = params.get('quicklooks') === '1'
  const aoi = params.get('aoi')
  const item = params.get('item')
  if (aoi !== null) {
    const polygons = decodePolygons(aoi)
    if (!polygons || polygons.length === 0)
      return {
        subject: null,
        problem: 'The area in this link cannot be read: it may have been cut short or edited.',
        filters,
        view,
        frames,
        quicklooks,
      }
    return { subject: { kind: 'area', polygons }, problem: null, filters, view, frames, quicklooks }
  }
  if (item !== null) {
    const at = item.indexOf('/')
    if (at <= 0 || at === item.length - 1)
      return {
        subject: null,
        problem: 'The item in this link cannot be read: it should name a collection and an item.',
        filters,
        view,
        frames,
        quicklooks,
      }
    return {
      subject: { kind: 'item', collectionId: item.slice(0, at), itemId: item.slice(at + 1) },
      problem: null,
      filters,
      view,
      frames,
      quicklooks,
    }
  }
  return { subject: null, problem: null, filters, view, frames, quicklooks }
}

/** The URL parameters of a time-lapse (defaults left out). */
export function timelapseParams(s: {
  subject: TimelapseSubject
  filters?: FrameFilters
  view?: ImageView
  frames?: number
  quicklooks?: boolean
}): URLSearchParams {
  const out = new URLSearchParams()
  if (s.subject.kind === 'area') out.set('aoi', encodePolygons(s.subject.polygons))
  else out.set('item', `${s.subject.collectionId}/${s.subject.itemId}`)
  const f = s.filters ?? DEFAULT_FILTERS
  if (f.minCoverage !== DEFAULT_FILTERS.minCoverage) out.set('cover', String(Math.round(f.minCoverage * 100)))
  if (f.maxCloud !== DEFAULT_FILTERS.maxCloud) out.set('cloud', String(f.maxCloud))
  if (s.frames !== undefined && s.frames !== MAX_FRAMES) out.set('frames', String(s.frames))
  if (s.quicklooks) out.set('quicklooks', '1')
  if (s.view) for (const [k, v] of Object.entries(viewToParams(s.view))) out.set(k, v)
  return out
}

/** A change the page makes to its view: the frames' filters, the picture's view, or the quicklooks joining. */
export interface TimelapseChange {
  filters?: FrameFilters
  view?: ImageView
  quicklooks?: boolean
}

/**
 * The URL parameters of the state after a change; the subject and the number of frames are kept. Null when
 * there is no subject to keep (a page with nothing to play changes nothing).
 */
export function withTimelapseChange(state: TimelapseState, change: TimelapseChange): URLSearchParams | null {
  if (!state.subject) return null
  return timelapseParams({
    subject: state.subject,
    filters: change.filters ?? state.filters,
    view: change.view ?? state.view,
    frames: state.frames,
    quicklooks: change.quicklooks ?? state.quicklooks,
  })
}
