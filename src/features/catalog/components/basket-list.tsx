import { Anchor, Box, Button, Group, Stack, Text } from '@mantine/core'
import { basketKey, useBasketStore, type BasketScene } from '../../../components/basket/basket-store'
import { Footprint } from '../../../components/footprint'
import type { Collection } from '../../../data/orders/scene-line'
import { formatCredits } from '../../../lib/format'
import { formatCloud, formatResolution, formatSceneTime } from '../words'
import { useBasketEstimates, type SceneEstimate } from '../use-basket-estimates'
import classes from './basket-list.module.css'
import { useOwnedScenes } from '../../../data/orders/owned-scenes'
import { OwnedLine } from './owned-scene'
import { SceneThumbnail } from './scene-thumbnail'

/**
 * The basket's scenes, each with its thumbnail (its footprint where the collection has none), date, product,
 * cloud and resolution, its estimate, and its removal.
 */
export interface BasketListProps {
  titles: ReadonlyMap<string, string>
  /** Collections whose scenes have thumbnails. */
  withThumbnails: ReadonlySet<string>
  /** The glossary's archive collections, for each scene's product. */
  collections: readonly Collection[] | undefined
}

export function BasketList({ titles, withThumbnails, collections }: BasketListProps) {
  const scenes = useBasketStore((s) => s.scenes)
  const remove = useBasketStore((s) => s.remove)
  const estimates = useBasketEstimates(scenes, collections)
  const owned = useOwnedScenes(scenes.map((s) => s.datetime))
  return (
    <Box mt={4} style={{ overflowY: 'auto', minHeight: 0 }} id="basket-list">
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
              <SceneThumbnail
                host={s.host}
                id={s.id}
                enabled={withThumbnails.has(s.collection)}
                size={48}
                fallback={<Footprint item={{ geometry: s.footprint }} size={48} />}
              />
              <div className={classes.rowText}>
                <Text size="xs" fw={600}>
                  {formatSceneTime(s.datetime)}
                </Text>
                <Text size="xs" c="dimmed" className={classes.wrap}>
                  {titles.get(s.collection) ?? s.collection} · {formatCloud(s.cloudCoverage)} ·{' '}
                  {formatResolution(s.resolution)}
                </Text>
                <EstimateLine estimate={estimates.of(s)} scene={s} />
                <OwnedLine orders={owned.of(s.id)} />
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
        <Text size="xs" c="dimmed" mt={4} data-testid="basket-total">
          {estimates.total !== null && (
            <>
              <Text span size="xs" fw={600} c="var(--mantine-color-text)">
                About {formatCredits(estimates.total)} credits in all.
              </Text>{' '}
            </>
          )}
          Estimated with each product’s defaults; the checkout prices your choices before ordering.
        </Text>
      )}
    </Box>
  )
}

function EstimateLine({ estimate, scene }: { estimate: SceneEstimate; scene: BasketScene }) {
  const label = `Estimate for the scene of ${formatSceneTime(scene.datetime)}`
  switch (estimate.kind) {
    case 'loading':
      return (
        <Text size="xs" c="dimmed" aria-label={label}>
          Estimating…
        </Text>
      )
    case 'credits':
      return (
        <Text size="xs" aria-label={label} data-testid="basket-estimate">
          ≈ {formatCredits(estimate.credits)} credits · {estimate.product} ·{' '}
          {estimate.area === 'aoi' ? 'over your AOI' : 'whole scene'}
        </Text>
      )
    case 'refused':
      return (
        <Text size="xs" c="red.8" aria-label={label} className={classes.wrap}>
          Not priced: {estimate.message}
        </Text>
      )
    case 'failed':
      return (
        <Text size="xs" c="red.8" aria-label={label}>
          The estimate failed.{' '}
          <Anchor component="button" type="button" size="xs" onClick={estimate.retry}>
            Retry
          </Anchor>
        </Text>
      )
    case 'checkout':
      return (
        <Text size="xs" c="dimmed" aria-label={label}>
          {estimate.why}.
        </Text>
      )
  }
}
