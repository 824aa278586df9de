import { Button, Stack, Text, Title } from '@mantine/core'
import { Link, useLocation } from 'react-router'

export function NotFoundPage() {
  const { pathname } = useLocation()
  return (
    <Stack align="flex-start" gap="sm">
      <Title order={1}>Page not found</Title>
      <Text>
        Nothing lives at <code>{pathname}</code>. The link may be old, or mistyped.
      </Text>
      <Button component={Link} to="/">
        Go to the start page
      </Button>
    </Stack>
  )
}
