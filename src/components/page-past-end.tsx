import { Alert, Button, Text } from '@mantine/core'

/** A page number beyond the last page (a stale link, or rows removed meanwhile): say so, offer page 1. */
export function PagePastEnd({
  page,
  totalPages,
  things,
  onFirstPage,
}: {
  page: number
  totalPages: number
  /** What the pages hold, plural: "orders", "collections". */
  things: string
  onFirstPage: () => void
}) {
  return (
    <Alert color="yellow" title={`Page ${page} is past the end`}>
      <Text size="sm">
        There {totalPages === 1 ? 'is 1 page' : `are ${totalPages} pages`} of {things}.
      </Text>
      <Button mt="sm" size="xs" variant="default" onClick={onFirstPage}>
        Go to the first page
      </Button>
    </Alert>
  )
}
