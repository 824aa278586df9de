import { Stack, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import classes from './catalog.module.css'

interface Props {
  map: ReactNode
  /** The search and results tabs beside the map. */
  side: ReactNode
  /** The scene details, over the page. */
  drawer: ReactNode
}

/** The catalog's frame: the title, the map with the side panel beside it, and the details drawer. */
export function CatalogLayout({ map, side, drawer }: Props) {
  return (
    <Stack gap="xs" className={classes.page} data-fills-window="">
      <Title order={1} size="h3">
        Catalog search
      </Title>
      <div className={classes.layout}>
        <div className={classes.map}>{map}</div>
        {side}
      </div>
      {drawer}
    </Stack>
  )
}
