import { Box, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { PagePastEnd } from '../../../components/page-past-end'
import { Pager } from '../../../components/pager'
import { countLabel } from '../../../lib/format'
import { ListSkeleton } from './list-skeleton'

interface ListResultsProps {
  /** One page of the list, or undefined before the first answer. */
  data: { content: readonly unknown[]; totalElements: number; totalPages: number } | undefined
  /** The rows are the previous view's while the new one loads. */
  stale: boolean
  /** 1-based. */
  page: number
  onPage: (page: number) => void
  noun: { one: string; many: string }
  /** Shown when nothing matches at all. */
  empty: ReactNode
  /** The table of this page's rows. */
  children: ReactNode
}

/** The parts every glossary list shares around its table: loading, count, empty states and paging. */
export function ListResults({ data, stale, page, onPage, noun, empty, children }: ListResultsProps) {
  if (!data) return <ListSkeleton label={`Loading ${noun.many}`} />
  if (data.totalElements === 0) return empty
  if (data.content.length === 0) {
    return (
      <PagePastEnd
        page={page}
        totalPages={data.totalPages}
        things={noun.many}
        onFirstPage={() => onPage(1)}
      />
    )
  }
  return (
    <Stack gap="sm">
      <Text role="status" size="sm">
        {countLabel(data.totalElements, noun.one, noun.many)}
        {data.totalPages > 1 ? `, page ${page} of ${data.totalPages}` : ''}
      </Text>
      <Box aria-busy={stale} style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }}>
        {children}
      </Box>
      <Pager things={noun.many} page={page} total={data.totalPages} onPage={onPage} />
    </Stack>
  )
}
