import { Anchor, AppShell, Group, Text } from '@mantine/core'
import { Link, Outlet } from 'react-router'

/** The console's frame: header, skip link, main landmark. Areas add their navigation when they land. */
export function Shell() {
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Anchor component={Link} to="/" underline="never" c="inherit" aria-label="Swath home">
            <Text fw={800} size="lg">
              Swath
            </Text>
          </Anchor>
        </Group>
      </AppShell.Header>
      <AppShell.Main id="main" tabIndex={-1}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  )
}
