import { Box, Button, Group, Paper, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { Link } from 'react-router'
import { basketKey, useBasketStore } from '../../../components/basket/basket-store'
import { paths } from '../../../config/paths'
import { Footprint } from '../../../components/footprint'
import { formatCloud, formatResolution, formatSceneTime } from '../scene-format'
import classes from './catalog.module.css'

/**
 * The scenes picked for ordering, kept per tab across reloads: a panel listing each (footprint, date,
 * product, cloud and resolution) with its removal, and the way to the checkout, where each is priced.
 */
export function BasketPanel({ titles }: { titles: ReadonlyMap<string, string> }) {
  const scenes = useBasketStore((s) => s.scenes)
  const remove = useBasketStore((s) => s.remove)
  const clear = useBasketStore((s) => s.clear)
  const [open, setOpen] = useState(false)
  const [confirming, setConfirming] = useState(false)
  return (
    <Paper withBorder p="xs" component="section" aria-label="Basket">
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
        <Box mah={320} mt={4} style={{ overflowY: 'auto' }} id="basket-list">
          {scenes.length === 0 ? (
            <Text size="xs" c="dimmed" p={4}>
              Empty. Click “+ Basket” on a result, or press Space on it, to add it.
            </Text>
          ) : (
            <Stack
              gap={4}
              component="ul"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label="Scenes in the basket"
            >
              {scenes.map((s) => (
                <Group component="li" key={basketKey(s)} gap="xs" wrap="nowrap" className={classes.basketRow}>
                  <Footprint item={{ geometry: s.footprint }} size={36} />
                  <div className={classes.rowText}>
                    <Text size="xs" fw={600}>
                      {formatSceneTime(s.datetime)}
                    </Text>
                    <Text size="xs" c="dimmed" className={classes.wrap}>
                      {titles.get(s.collection) ?? s.collection} · {formatCloud(s.cloudCoverage)} ·{' '}
                      {formatResolution(s.resolution)}
                    </Text>
                  </div>
                  <Button
                    size="compact-xs"
                    variant="default"
                    aria-label={`Remove the scene of ${formatSceneTime(s.datetime)} (${s.id}) from the basket`}
                    onClick={() => remove([basketKey(s)])}
                  >
                    Remove
                  </Button>
                </Group>
              ))}
            </Stack>
          )}
          {scenes.length > 0 && (
            <Text size="xs" c="dimmed" mt={4}>
              Each scene is priced in the checkout, over your area, before anything is ordered.
            </Text>
          )}
        </Box>
      )}
    </Paper>
  )
}
