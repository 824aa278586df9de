import { Stack, Text, Title } from '@mantine/core'
import { ConnectionReport } from './connection-report'

/** The Connection page (account menu): what this console talks to, checked from the analyst's browser. */
export function ConnectionPage() {
  return (
    <Stack gap="md" maw={880}>
      <div>
        <Title order={1}>Connection</Title>
        <Text c="dimmed">
          The service and token servers this console is set up for (its config.json), checked from this
          browser.
        </Text>
      </div>
      <ConnectionReport />
    </Stack>
  )
}
