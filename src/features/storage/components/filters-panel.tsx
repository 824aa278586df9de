import './mantine-styles'
import { Button, Group, Paper, Title } from '@mantine/core'
import { useState } from 'react'
import { isFiltered } from '../url-state'
import type { useStorageView } from '../use-storage-view'
import { StorageFilters } from './storage-filters'

type View = ReturnType<typeof useStorageView>

/** The storage page's filters, folded away unless the link filters by more than an area. */
export function FiltersPanel({ view, onApply }: { view: View[0]; onApply: View[1] }) {
  const { query } = view
  const [open, setOpen] = useState(isFiltered(query) && !query.bbox)
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="storage-filters">
      <Group justify="space-between">
        <Title order={2} size="h5" id="storage-filters">
          Filters
        </Title>
        <Button
          size="xs"
          variant="default"
          aria-expanded={open}
          aria-controls="storage-filter-form"
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Hide filters' : 'Show filters'}
        </Button>
      </Group>
      <div id="storage-filter-form" hidden={!open}>
        <StorageFilters key={JSON.stringify(query)} view={view} onApply={onApply} />
      </div>
    </Paper>
  )
}
