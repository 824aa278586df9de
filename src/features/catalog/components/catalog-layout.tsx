import { Stack, Title } from '@mantine/core'
import { useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react'
import classes from './catalog.module.css'

interface Props {
  map: ReactNode
  /**
   * Under the map, in the map's column: the basket and the open AOI view (Plan coverage, Archive or task).
   * They take height from the map, never from the result list beside it.
   */
  below: ReactNode
  /** The search and results tabs beside the map. */
  side: ReactNode
  /** The scene details, over the page. */
  drawer: ReactNode
}

/**
 * The catalog's frame: the title, the map with what is under it, the side panel beside them, and the details
 * drawer. A large window is filled (the map and the list share its height); a short or narrow one scrolls as
 * a whole, with the side panel kept in view, so nothing the analyst reads is cut inside a box of its own.
 */
export function CatalogLayout({ map, below, side, drawer }: Props) {
  const layout = useRef<HTMLDivElement>(null)
  useSideTop(layout)
  return (
    <Stack gap="xs" className={classes.page} data-fills-window="">
      <Title order={1} size="h3">
        Catalog search
      </Title>
      <div className={classes.layout} ref={layout}>
        <div className={classes.mapColumn}>
          <div className={classes.map}>{map}</div>
          {below}
        </div>
        {side}
      </div>
      {drawer}
    </Stack>
  )
}

/**
 * Where the layout's top is in the window, as `--side-top` on it: in a window that scrolls as one page, the
 * side panel is as tall as what is left of the window below that top until it sticks under the header, so its
 * Search button is on the first screen at 1024 × 700 (below the banner and the title it would sit under the
 * fold). Read on scroll and resize, and when the page above it changes height (the licence banner arrives
 * after the page), one frame at a time; the style changes only when the figure does.
 */
function useSideTop(ref: RefObject<HTMLDivElement | null>) {
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    let frame = 0
    let last = ''
    const measure = () => {
      frame = 0
      const top = `${Math.round(el.getBoundingClientRect().top)}px`
      if (top !== last) el.style.setProperty('--side-top', (last = top))
    }
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure)
    }
    measure()
    // Capture: the page may scroll in the window or in the shell's main area.
    document.addEventListener('scroll', schedule, { passive: true, capture: true })
    window.addEventListener('resize', schedule)
    // What shows above the page in the main area (the banner) is observed: it moves the page with no scroll.
    const resized = new ResizeObserver(schedule)
    const main = el.closest('main')
    const observeAbove = () => {
      resized.disconnect()
      for (const child of main?.children ?? []) resized.observe(child)
      schedule()
    }
    const added = new MutationObserver(observeAbove)
    if (main) added.observe(main, { childList: true })
    observeAbove()
    return () => {
      added.disconnect()
      resized.disconnect()
      cancelAnimationFrame(frame)
      document.removeEventListener('scroll', schedule, { capture: true })
      window.removeEventListener('resize', schedule)
    }
  }, [ref])
}
