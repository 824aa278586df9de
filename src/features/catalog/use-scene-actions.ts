import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import {
  basketKey,
  BASKET_LIMIT,
  useBasketStore,
  type BasketScene,
} from '../../components/basket/basket-store'
import { ownedScenesNow } from '../../data/orders/owned-scenes'
import { STATUS_LABELS } from '../../data/orders/status'
import { formatUtcDay } from '../../lib/format'
import { useCatalogUi } from './catalog-ui-store'
import type { Scene } from '../../data/catalog/queries'
import { footprintOf, sceneTime, type SceneRow } from './words'
import type { SearchableCollections } from './use-searchable-collections'

/** A result as the basket keeps it. */
export function asBasketScene(scene: Scene, host: string): BasketScene {
  const p = scene.properties
  return {
    id: p.id,
    host,
    collection: p.collection,
    constellation: p.constellation,
    datetime: sceneTime(scene),
    cloudCoverage: p.cloudCoverage ?? null,
    resolution: p.resolution ?? null,
    footprint: footprintOf(scene),
  }
}

/** How long what an action said stays under the results, unless another search or page comes first. */
export const STATUS_MS = 20_000

/** What the last action said, with its way back (Undo, Take it out), and the results it was said over. */
interface Said {
  text: string
  /** The scenes the last "Add page to basket" put in, for its Undo (one click adds up to 500), or the one
   * scene just added that the account already ordered, for "Take it out". */
  undo: string[] | null
  undoLabel: string
}

/**
 * What the analyst does with a scene of the results: put it in the basket (or the whole page), lay its
 * quicklook on the map, open its details; and the status line that says what happened. What it says belongs
 * to the action and the results it was taken on: another search or page of results (`resultsKey` changes)
 * takes it away, and so does time.
 */
export function useSceneActions(
  rows: SceneRow[],
  { titles, withQuicklooks }: Pick<SearchableCollections, 'titles' | 'withQuicklooks'>,
  resultsKey = '',
) {
  const basket = useBasketStore((s) => s.scenes)
  const addToBasket = useBasketStore((s) => s.add)
  const removeFromBasket = useBasketStore((s) => s.remove)
  const quicklooks = useCatalogUi((s) => s.quicklooks)
  const toggleQuicklookIn = useCatalogUi((s) => s.toggleQuicklook)
  const [said, setSaid] = useState<Said | null>(null)
  // Other results: what was said over the last ones goes (state reset as the results change, not in an effect;
  // the rows' handlers may be older than the results' key, so what is said is not stamped with it).
  const [saidOver, setSaidOver] = useState(resultsKey)
  if (saidOver !== resultsKey) {
    setSaidOver(resultsKey)
    setSaid(null)
  }
  const current = saidOver === resultsKey ? said : null
  const say = useCallback(
    (text: string, undo: string[] | null = null, undoLabel = 'Undo') => setSaid({ text, undo, undoLabel }),
    [],
  )
  useEffect(() => {
    if (!said) return
    const t = setTimeout(() => setSaid((s) => (s === said ? null : s)), STATUS_MS)
    return () => clearTimeout(t)
  }, [said])
  const lastAdded = current?.undo ?? null
  // The scenes already ordered are read as an action runs, not subscribed to: the guard's answer, which can come
  // while the map draws the footprints, then renders the list's marks alone, not this whole page.
  const queryClient = useQueryClient()

  const toggleBasket = useCallback(
    (row: SceneRow) => {
      const scene = asBasketScene(row.scene, row.host)
      if (useBasketStore.getState().scenes.some((s) => basketKey(s) === basketKey(scene))) {
        removeFromBasket([basketKey(scene)])
        say(`Removed ${scene.id} from the basket.`)
      } else if (addToBasket([scene]) > 0)
        say(`The basket is full (${BASKET_LIMIT} scenes): order or remove some first.`)
      else {
        const before = ownedScenesNow(queryClient, [scene.datetime])(scene.id)[0]
        if (before)
          // Paying twice for one scene is rarely meant: say so as it goes in, with the way back out.
          say(
            `Added ${scene.id} to the basket. You already ordered this scene on ${formatUtcDay(before.orderedAt)} (${STATUS_LABELS[before.status].toLowerCase()}); order it again?`,
            [basketKey(scene)],
            'Take it out',
          )
        else say(`Added ${scene.id} to the basket.`)
      }
    },
    [addToBasket, removeFromBasket, queryClient, say],
  )
  /**
   * Puts `list` in the basket, saying what went in ("of this page", "of the plan"), with its Undo; `scenes`
   * when the basket should keep more than the rows say (a plan's parts of the AOI).
   */
  const addRows = (
    list: readonly SceneRow[],
    what: string,
    scenes: BasketScene[] = list.map((r) => asBasketScene(r.scene, r.host)),
  ) => {
    const before = new Set(useBasketStore.getState().scenes.map(basketKey))
    const left = addToBasket(scenes)
    const added = useBasketStore
      .getState()
      .scenes.map(basketKey)
      .filter((k) => !before.has(k))
    const owned = ownedScenesNow(
      queryClient,
      list.map((r) => sceneTime(r.scene)),
    )
    const ownedCount = list.filter(
      (r) => added.includes(`${r.host}/${r.scene.properties.id}`) && owned(r.scene.properties.id).length > 0,
    ).length
    say(
      left > 0
        ? `The basket is full (${BASKET_LIMIT} scenes): ${left} scenes were not added.`
        : `Added ${added.length} ${added.length === 1 ? 'scene' : 'scenes'} ${what} to the basket (${useBasketStore.getState().scenes.length} in all).` +
            (ownedCount > 0
              ? ` You already ordered ${ownedCount} of them: the checkout asks before ordering one again.`
              : ''),
      added.length > 0 ? added : null,
    )
  }
  const addPage = () => addRows(rows, 'of this page')
  const undoAddPage = lastAdded
    ? () => {
        removeFromBasket(lastAdded)
        say(
          lastAdded.length === 1
            ? `Took ${lastAdded[0].slice(lastAdded[0].indexOf('/') + 1)} back out of the basket.`
            : `Took the ${lastAdded.length} scenes added back out of the basket.`,
        )
      }
    : null
  const toggleQuicklook = useCallback(
    (row: SceneRow) => {
      const p = row.scene.properties
      if (!withQuicklooks.has(p.collection)) {
        say(`${titles.get(p.collection) ?? p.collection} has no quicklooks.`)
        return
      }
      toggleQuicklookIn({ host: row.host, id: p.id, footprint: footprintOf(row.scene) })
    },
    [withQuicklooks, titles, toggleQuicklookIn, say],
  )
  // Details follow a scene, not a position: another response closes them.
  const [details, setDetails] = useState<{ host: string; id: string } | null>(null)
  // What had focus when the details opened (the result list, a row's button): it gets it back on close.
  // The drawer is unmounted on close, so its own focus return never runs.
  const opener = useRef<HTMLElement | null>(null)
  const openDetails = useCallback(
    (row: SceneRow) => {
      const active = document.activeElement
      if (active instanceof HTMLElement && active !== document.body && !active.closest('[role="dialog"]'))
        opener.current = active
      setDetails({ host: row.host, id: row.scene.properties.id })
    },
    [setDetails],
  )
  const detailRow =
    details === null
      ? null
      : (rows.find((r) => r.host === details.host && r.scene.properties.id === details.id) ?? null)

  return {
    status: current?.text ?? '',
    undoAddPage,
    undoLabel: current?.undoLabel ?? 'Undo',
    toggleBasket,
    addPage,
    addRows,
    toggleQuicklook,
    openDetails,
    closeDetails: () => {
      setDetails(null)
      const back = opener.current
      opener.current = null
      if (back?.isConnected) back.focus()
    },
    detailRow,
    inBasket: (row: SceneRow) => basket.some((s) => s.host === row.host && s.id === row.scene.properties.id),
    quicklookShown: (row: SceneRow) =>
      quicklooks.some((q) => q.key === `${row.host}/${row.scene.properties.id}`),
  }
}
