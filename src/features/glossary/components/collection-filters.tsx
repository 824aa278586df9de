import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Pill.css'
import '@mantine/core/styles/PillsInput.css'
import { Group, MultiSelect } from '@mantine/core'
import {
  COLLECTION_TYPE_LABELS,
  INTEGRATION_LABELS,
  INTEGRATIONS,
  type CollectionType,
  type Integration,
} from '../words'
import { COLLECTION_SORTS, type CollectionView } from '../url-state'
import { PageSizeSelect } from './page-size-select'
import { SegmentedFilter } from './segmented-filter'
import { SortSelect } from './sort-select'

const TYPE_OPTIONS: { value: CollectionType | 'ALL'; label: string }[] = [
  { value: 'ALL', label: 'All' },
  { value: 'ARCHIVE', label: COLLECTION_TYPE_LABELS.ARCHIVE },
  { value: 'TASKING', label: COLLECTION_TYPE_LABELS.TASKING },
]

const INTEGRATION_OPTIONS = INTEGRATIONS.map((i) => ({ value: i, label: INTEGRATION_LABELS[i] }))

interface CollectionFiltersProps {
  view: CollectionView
  onChange: (change: Partial<CollectionView>) => void
}

export function CollectionFilters({ view, onChange }: CollectionFiltersProps) {
  return (
    <Group align="flex-end" gap="md">
      <SegmentedFilter
        label="Type"
        value={view.type ?? 'ALL'}
        options={TYPE_OPTIONS}
        onChange={(v) => onChange({ type: v === 'ALL' ? null : v })}
      />
      <MultiSelect<Integration>
        label="Must offer"
        description="Collections that offer all of these"
        placeholder={view.integrations.length === 0 ? 'Anything' : undefined}
        data={INTEGRATION_OPTIONS}
        value={view.integrations}
        onChange={(integrations) => onChange({ integrations })}
        searchable
        clearable
        clearButtonProps={{ 'aria-label': 'Clear “Must offer”' }}
        w={{ base: '100%', sm: 360 }}
      />
      <SortSelect value={view.sort} options={COLLECTION_SORTS} onChange={(sort) => onChange({ sort })} />
      <PageSizeSelect value={view.size} onChange={(size) => onChange({ size })} />
    </Group>
  )
}
