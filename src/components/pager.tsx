import '@mantine/core/styles/Pagination.css'
import { Box, Group, Pagination, Text, type MantineSpacing } from '@mantine/core'

type PagerProps = {
  /** What the pages hold, plural: the landmark is named "Pages of orders". */
  things: string
  /** The page shown, 1-based (a caller with 0-based pages in its URL adds one here and takes one off in `onPage`). */
  page: number
  onPage: (page: number) => void
  /** Space above, where the list above it is not in a Stack. */
  mt?: MantineSpacing
} & (
  | {
      /** The number of pages, when the service says how many rows match: every page is numbered. */
      total: number
    }
  | {
      /** The service only says whether a next page exists (jobs): previous and next, and where you are. */
      hasNext: boolean
    }
)

/**
 * The one pager of the console's paged lists: a navigation landmark with previous and next, and the page
 * numbers when the total is known. Nothing when everything fits on one page, nor past the last page (the
 * list says so with `PagePastEnd`, which offers page 1).
 *
 * The ends are marked `aria-disabled` rather than disabled: a button that becomes disabled under the keyboard
 * (Next, on arriving at the last page) would drop the focus to the top of the document.
 */
export function Pager(props: PagerProps) {
  const { things, page, onPage, mt } = props
  const known = 'total' in props
  const last = known ? props.total : props.hasNext ? page + 1 : page
  if (last <= 1 || page > last) return null
  const atStart = page <= 1
  const atEnd = page >= last
  return (
    <Box component="nav" aria-label={`Pages of ${things}`} mt={mt}>
      <Pagination.Root
        size="sm"
        total={last}
        value={page}
        onChange={onPage}
        getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
      >
        <Group gap={6} wrap="nowrap">
          <Pagination.Previous
            aria-label="Previous page"
            disabled={false}
            aria-disabled={atStart || undefined}
            mod={{ disabled: atStart }}
            onClick={() => !atStart && onPage(page - 1)}
          />
          {known ? (
            <Pagination.Items />
          ) : (
            <Text size="sm" px={6} aria-current="page">
              Page {page}
            </Text>
          )}
          <Pagination.Next
            aria-label="Next page"
            disabled={false}
            aria-disabled={atEnd || undefined}
            mod={{ disabled: atEnd }}
            onClick={() => !atEnd && onPage(page + 1)}
          />
        </Group>
      </Pagination.Root>
    </Box>
  )
}
