import { Stack, Title } from '@mantine/core'
import type { ReactNode } from 'react'
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
  return (
    <Stack gap="xs" className={classes.page} data-fills-window="">
      <Title order={1} size="h3">
        Catalog search
      </Title>
      <div className={classes.layout}>
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
