import { Box, Button, Group, Stack, Text } from '@mantine/core'
import { basketKey, useBasketStore } from '../../../components/basket/basket-store'
import { Footprint } from '../../../components/footprint'
import { formatCloud, formatResolution, formatSceneTime } from '../scene-format'
import classes from './basket-list.module.css'

/** The basket's scenes, each with its footprint, date, product, cloud and resolution, and its removal. */
export function BasketList({ titles }: { titles: ReadonlyMap<string, string> }) {
  const scenes = useBasketStore((s) => s.scenes)
  const remove = useBasketStore((s) => s.remove)
  return (
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
  )
}
