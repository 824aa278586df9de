import { ActionIcon, Box, Button, Group, Paper, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { Link } from 'react-router'
import { basketKey, useBasketStore } from '../../../components/basket/basket-store'
import { paths } from '../../../config/paths'
import { formatSceneTime } from '../scene-format'

/** The scenes picked for ordering, kept per tab across reloads, and the way to the checkout. */
export function BasketPanel() {
  const scenes = useBasketStore((s) => s.scenes)
  const remove = useBasketStore((s) => s.remove)
  const clear = useBasketStore((s) => s.clear)
  const [open, setOpen] = useState(false)
  const [confirming, setConfirming] = useState(false)
  return (
    <Paper withBorder p="xs" component="section" aria-label="Basket">
      <Group justify="space-between" gap="xs">
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls="basket-list"
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
        <Box mah={180} style={{ overflowY: 'auto' }} id="basket-list">
          {scenes.length === 0 ? (
            <Text size="xs" c="dimmed" p={4}>
              Empty. Press Space on a result, or tick its box, to add it.
            </Text>
          ) : (
            <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {scenes.map((s) => (
                <Group component="li" key={basketKey(s)} gap={4} wrap="nowrap" justify="space-between">
                  <Text size="xs" truncate="end" title={s.id}>
                    {formatSceneTime(s.datetime)} · {s.collection}
                  </Text>
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="gray"
                    aria-label={`Remove ${s.id} from the basket`}
                    onClick={() => remove([basketKey(s)])}
                  >
                    ×
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
          )}
        </Box>
      )}
    </Paper>
  )
}
