import { Button, Group, Paper, Text } from '@mantine/core'
import { lazy, Suspense, useState } from 'react'
import { Link } from 'react-router'
import { useBasketStore } from '../../../components/basket/basket-store'
import { paths } from '../../../config/paths'
import classes from './catalog.module.css'
import type { BasketListProps } from './basket-list'

// The list with its footprints loads when the basket is first opened: the page's first load stays as it was.
const BasketList = lazy(() => import('./basket-list').then((m) => ({ default: m.BasketList })))

/**
 * The scenes picked for ordering, kept per tab across reloads: a panel listing each (thumbnail, date,
 * product, cloud and resolution, estimate) with its removal, and the way to the checkout.
 */
export function BasketPanel(props: BasketListProps) {
  const scenes = useBasketStore((s) => s.scenes)
  const clear = useBasketStore((s) => s.clear)
  const [open, setOpen] = useState(false)
  const [confirming, setConfirming] = useState(false)
  return (
    <Paper
      withBorder
      p="xs"
      component="section"
      aria-label="Basket"
      className={classes.basket}
      data-open={open}
    >
      <Group justify="space-between" gap="xs">
        <Button
          variant="default"
          size="compact-sm"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls="basket-list"
          rightSection={<span aria-hidden="true">{open ? '▴' : '▾'}</span>}
        >
          Basket: {scenes.length} {scenes.length === 1 ? 'scene' : 'scenes'}
        </Button>
        {scenes.length > 0 && !confirming && (
          <Button component={Link} to={paths.checkout()} size="compact-xs">
            Check out
          </Button>
        )}
        {scenes.length > 0 &&
          (confirming ? (
            <Group gap={4}>
              <Text size="xs">Empty the basket?</Text>
              <Button
                size="compact-xs"
                color="red"
                onClick={() => {
                  clear()
                  setConfirming(false)
                }}
              >
                Empty
              </Button>
              <Button size="compact-xs" variant="default" onClick={() => setConfirming(false)}>
                Keep
              </Button>
            </Group>
          ) : (
            <Button size="compact-xs" variant="default" onClick={() => setConfirming(true)}>
              Empty…
            </Button>
          ))}
      </Group>
      {open && (
        <Suspense fallback={null}>
          <BasketList {...props} />
        </Suspense>
      )}
    </Paper>
  )
}
