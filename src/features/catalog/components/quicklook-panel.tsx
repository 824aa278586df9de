import '@mantine/core/styles/InlineInput.css'
import './mantine-styles-quicklooks'
import { ActionIcon, Group, Paper, Slider, Stack, Switch, Text } from '@mantine/core'
import { useCatalogUi } from '../catalog-ui-store'

/** The quicklooks laid on the map: one switch hides them all; each has its opacity and a remove button. */
export function QuicklookPanel() {
  const quicklooks = useCatalogUi((s) => s.quicklooks)
  const hidden = useCatalogUi((s) => s.quicklooksHidden)
  const setHidden = useCatalogUi((s) => s.setQuicklooksHidden)
  const setOpacity = useCatalogUi((s) => s.setOpacity)
  const remove = useCatalogUi((s) => s.removeQuicklook)
  const swipe = useCatalogUi((s) => s.quicklookSwipe)
  const setSwipe = useCatalogUi((s) => s.setQuicklookSwipe)
  if (quicklooks.length === 0) return null
  return (
    <Paper withBorder shadow="sm" p="xs" aria-label="Quicklooks on the map" component="section">
      <Stack gap={6}>
        <Switch
          size="xs"
          label={`Show quicklooks (${quicklooks.length})`}
          checked={!hidden}
          onChange={(e) => setHidden(!e.currentTarget.checked)}
        />
        {!hidden && quicklooks.length >= 2 && (
          <Switch
            size="xs"
            label="Swipe between the last two"
            checked={swipe}
            onChange={(e) => setSwipe(e.currentTarget.checked)}
          />
        )}
        {!hidden &&
          quicklooks.map((q) => (
            <div key={q.key}>
              <Group gap={4} wrap="nowrap" justify="space-between">
                <Text size="xs" ff="monospace" truncate="end" title={q.id} maw={220}>
                  {q.id}
                </Text>
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  color="gray"
                  aria-label={`Remove quicklook ${q.id}`}
                  onClick={() => remove(q.key)}
                >
                  ×
                </ActionIcon>
              </Group>
              <Slider
                size="xs"
                min={0}
                max={1}
                step={0.05}
                value={q.opacity}
                onChange={(v) => setOpacity(q.key, v)}
                label={(v) => `${Math.round(v * 100)} %`}
                thumbLabel={`Opacity of quicklook ${q.id}`}
              />
            </div>
          ))}
      </Stack>
    </Paper>
  )
}
