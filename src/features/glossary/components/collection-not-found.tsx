import { Button, Stack, Text, Title } from '@mantine/core'
import { Link } from 'react-router'
import { paths } from '../../../config/paths'

/** A link to a collection the service does not know: usually an old or mistyped link, not a failure. */
export function CollectionNotFound({ name }: { name: string }) {
  return (
    <Stack align="flex-start" gap="sm">
      <Title order={1}>No collection is named “{name}”</Title>
      <Text>The link may be old or mistyped, or the collection may have been withdrawn.</Text>
      <Button component={Link} to={paths.collections()}>
        Browse all collections
      </Button>
    </Stack>
  )
}
