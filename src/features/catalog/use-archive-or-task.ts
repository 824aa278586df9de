import { useQueries, useQuery } from '@tanstack/react-query'
import type { Polygon } from 'geojson'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useApiClient } from '../../api/console-context'
import { isApiError } from '../../api/errors'
import { cleanParams, type JsonSchema } from '../../lib/order-params/form-model'
import { collectionsOfTypeOptions } from '../../data/glossary/queries'
import { orderFormOptions } from '../../data/orders/ordering-queries'
import { opportunitiesOptions } from '../../data/orders/tasking-queries'
import { orderableOf, startingParams, taskingRequest, withName } from '../../data/orders/tasking-request'
import { encodeTaskingShare } from '../../data/orders/tasking-share'
import { shareUrl } from '../../lib/share-link'
import { paths } from '../../config/paths'
import {
  archiveOrTaskSummary,
  axisOf,
  passMarks,
  passParams,
  passSearchWindow,
  sceneMarks,
  type Mark,
  type PassMark,
  type SceneMark,
} from './archive-or-task'
import { useCatalogUi } from './catalog-ui-store'
import type { SceneRow } from './words'

/** What one tasking collection's passes came to. */
export type PassSource =
  | { kind: 'loading' }
  | { kind: 'passes'; count: number }
  | { kind: 'not-published'; message: string }
  | { kind: 'failed'; message: string; retry: () => void }

export interface PassCollection {
  name: string
  title: string
  source: PassSource
}

const NO_MARKS: ReturnType<typeof sceneMarks> = []

/** The name the asks for passes carry (the service wants one; nothing is placed). */
const ASK_NAME = 'Passes over the area'

/**
 * "Archive or task" for an AOI search: the search's scenes and, for every tasking collection the account can
 * order, the passes over the AOI in the coming four weeks, asked with the product's own starting parameters
 * (its order form, read once and cached like the tasking page's), so each collection is asked exactly as a
 * request for it would be. Nothing is asked until the view is opened.
 *
 * Called by the view's own panel, which loads when first opened: the order form's model, the tasking request
 * and its share link are not part of the catalog's first load. The hovered and picked passes' footprints go
 * to the catalog's UI store, from which the page draws them on the map.
 */
export function useArchiveOrTask(rows: readonly SceneRow[], aoi: readonly Polygon[]) {
  const client = useApiClient()
  // One moment per opening, to the hour: the asks and the axis stay put while the view is open.
  const [now] = useState(() => Date.now())
  const enabled = aoi.length > 0
  const glossary = useQuery({ ...collectionsOfTypeOptions(client, 'TASKING'), enabled, throwOnError: false })
  const products = useMemo(
    () =>
      (glossary.data?.content ?? []).flatMap((c) => {
        const product = orderableOf(c)[0]
        return product?.id ? [{ collection: c, productId: product.id }] : []
      }),
    [glossary.data],
  )
  const forms = useQueries({
    queries: products.map((p) => ({
      ...orderFormOptions(client, p.productId),
      enabled,
      throwOnError: false,
    })),
  })
  const asks = products.map((p, i) => {
    const schema = forms[i]?.data
    return schema ? askOf(schema, p.productId, aoi, now) : null
  })
  // Asked once each form is here: one query per request (an idle key shared by several would be one entry).
  const asked = asks.flatMap((a, i) => (a ? [{ i, request: a.request }] : []))
  const answered = useQueries({
    queries: asked.map((a) => ({ ...opportunitiesOptions(client, a.request), enabled })),
  })
  const answers = products.map((_, i) => {
    const at = asked.findIndex((a) => a.i === i)
    return at < 0 ? undefined : answered[at]
  })

  const collections: PassCollection[] = products.map((p, i) => ({
    name: p.collection.name,
    title: p.collection.title,
    source: passSourceOf(p.collection.title, forms[i], answers[i]),
  }))
  // The marks change only when an answer does (the queries' array is new on every render).
  const updated = answers.map((a) => a?.dataUpdatedAt ?? 0).join(',')
  const passes = useMemo(
    () =>
      products
        .flatMap((p, i) => {
          const data = answers[i]?.data
          return data
            ? passMarks(
                { name: p.collection.name, title: p.collection.title },
                data.results.flatMap((r) => r.opportunities),
              )
            : []
        })
        .sort((a, b) => a.at - b.at || a.key.localeCompare(b.key)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `updated` stands for the answers' data
    [products, updated],
  )

  // Only the open view reads the scenes' times (its panel calls this hook), not every host's answer's render.
  const scenes = useMemo(() => (enabled ? sceneMarks(rows) : NO_MARKS), [enabled, rows])

  const { hoveredKey, pickedKey, hover, pick } = useMarkHover(scenes, passes)
  const axis = useMemo(() => axisOf(now, scenes), [now, scenes])

  /** A link to the tasking page with the AOI, the pass's collection and product, and a window opening with it. */
  const requestLink = (pass: PassMark): string | null => {
    const i = products.findIndex((p) => p.collection.name === pass.collectionName)
    const ask = asks[i]
    if (i < 0 || !ask) return null
    return shareUrl(
      paths.tasking(),
      encodeTaskingShare({
        aoi: [...aoi],
        draft: {
          collectionName: pass.collectionName,
          dataProductId: products[i].productId,
          params: passParams(ask.base, pass.at, now),
        },
        pass: {
          collection: pass.collectionTitle,
          sensor: pass.sensor,
          start: new Date(pass.at).toISOString(),
        },
      }),
      '',
    )
  }

  return {
    now,
    axis,
    scenes,
    passes,
    collections,
    loadingCollections: enabled && glossary.isLoading,
    glossaryError: glossary.error,
    retryGlossary: () => void glossary.refetch(),
    summary: archiveOrTaskSummary(scenes, passes, now),
    hoveredKey,
    pickedKey,
    hover,
    pick,
    settled: collections.every((c) => c.source.kind !== 'loading') && !glossary.isLoading,
    requestLink,
  }
}

/** How one collection is asked for its passes: its product's starting parameters over the coming weeks. */
function askOf(schema: JsonSchema, productId: string, aoi: readonly Polygon[], now: number) {
  const params = withName(schema, { ...startingParams(schema, now), ...passSearchWindow(now) }, ASK_NAME)
  return {
    base: startingParams(schema, now),
    request: taskingRequest({
      dataProductId: productId,
      displayName: ASK_NAME,
      tags: [],
      params: cleanParams(schema, params),
      polygons: aoi,
      budgetId: null,
    }),
  }
}

/** What a collection's order form and its ask for passes came to, as far as the view tells it. */
interface PassQueries {
  form: { error: unknown; refetch: () => unknown } | undefined
  answer:
    | {
        data?: { results: { opportunities: { id: string }[] }[] }
        error: unknown
        isFetching: boolean
        refetch: () => unknown
      }
    | undefined
}

/** What one tasking collection's passes came to, from its order form's query and its ask's. */
export function passSourceOf(
  title: string,
  form: PassQueries['form'],
  answer: PassQueries['answer'],
): PassSource {
  if (form?.error)
    return {
      kind: 'failed',
      message: `The order form of ${title} could not be read.`,
      retry: () => void form.refetch(),
    }
  if (answer?.data) {
    const n = new Set(answer.data.results.flatMap((r) => r.opportunities.map((o) => o.id))).size
    return { kind: 'passes', count: n }
  }
  if (answer?.error && !answer.isFetching) {
    const e = answer.error
    return isApiError(e) && (e.status === 501 || e.code === 'opportunities-not-implemented')
      ? {
          kind: 'not-published',
          message: `${title}: passes are not published; a request can still be placed, and the provider plans the acquisition.`,
        }
      : {
          kind: 'failed',
          message: `${title}: the passes could not be listed${isApiError(e) && e.detail ? ` (${e.detail})` : ''}.`,
          retry: () => void answer.refetch(),
        }
  }
  return { kind: 'loading' }
}

/**
 * Hover and pick on the chart. A scene's hover is the page's (its row and footprint light up too), a pass's is
 * this view's own; the hovered and picked passes' footprints go to the catalog's UI store for the map.
 */
function useMarkHover(scenes: readonly SceneMark[], passes: readonly PassMark[]) {
  const hoveredScene = useCatalogUi((s) => s.hovered)
  const setHoveredScene = useCatalogUi((s) => s.setHovered)
  const [hoveredPass, setHoveredPass] = useState<string | null>(null)
  const [pickedKey, setPickedKey] = useState<string | null>(null)
  const hoveredKey =
    hoveredPass ??
    (hoveredScene === null ? null : (scenes.find((m) => m.row.index === hoveredScene)?.key ?? null))
  const passOf = useCallback(
    (key: string | null) => (key === null ? null : (passes.find((p) => p.key === key) ?? null)),
    [passes],
  )
  const setPassFootprints = useCatalogUi((s) => s.setPassFootprints)
  const hover = useCallback(
    (m: Mark | null) => {
      const key = m?.kind === 'pass' ? m.key : null
      setHoveredPass(key)
      setHoveredScene(m?.kind === 'scene' ? m.row.index : null)
      setPassFootprints(passOf(key)?.footprint ?? null, passOf(pickedKey)?.footprint ?? null)
    },
    [setHoveredScene, setPassFootprints, passOf, pickedKey],
  )
  const pick = useCallback(
    (key: string | null) => {
      setPickedKey(key)
      setPassFootprints(passOf(hoveredPass)?.footprint ?? null, passOf(key)?.footprint ?? null)
    },
    [setPassFootprints, passOf, hoveredPass],
  )
  // Closed, the view outlines no pass.
  useEffect(() => () => setPassFootprints(null, null), [setPassFootprints])
  return { hoveredKey, pickedKey, hover, pick }
}
