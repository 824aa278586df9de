import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Pill.css'
import '@mantine/core/styles/PillsInput.css'
import '@mantine/core/styles/NumberInput.css'
import '@mantine/core/styles/SimpleGrid.css'
import {
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
} from '@mantine/core'
import { JOB_STATUS_LABELS, JOB_STATUSES } from '../../../data/processing/status'
import {
  clearedJobFilters,
  hasJobFilters,
  parseJobIds,
  type JobFilterField,
  type JobsView,
} from '../url-state'

interface Option {
  value: string
  label: string
}

const STATUS_OPTIONS = JOB_STATUSES.map((s) => ({ value: s, label: JOB_STATUS_LABELS[s] }))

const minutes = (seconds: number | null) => (seconds === null ? '' : seconds / 60)
const seconds = (v: string | number): number | null =>
  v === '' || v === null || !Number.isFinite(Number(v)) ? null : Math.max(0, Math.round(Number(v) * 60))

/** Every filter of the contract's job list. Lists apply at once; typed values when the field is left. */
export function JobFilters(props: {
  view: JobsView
  onChange: (change: Partial<JobsView>) => void
  errors: Partial<Record<JobFilterField, string>>
  processes: Option[] | undefined
  workspaces: Option[]
}) {
  const { view, onChange } = props
  const idsKey = view.jobIds.join(',')
  return (
    <Paper withBorder p="md" component="section" aria-label="Filter jobs">
      <Stack gap="sm">
        {/* Three a row from 768 px: at 1024 × 700 the six filters take two rows and the table starts on the
            first screen. */}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <MultiSelect
            label="Process"
            placeholder={props.processes ? 'Any process' : 'Loading processes…'}
            data={props.processes ?? view.processes.map((p) => ({ value: p, label: p }))}
            value={view.processes}
            onChange={(processes) => onChange({ processes: [...processes].sort() })}
            searchable
            clearable
          />
          <MultiSelect
            label="Status"
            placeholder="Any status"
            data={STATUS_OPTIONS}
            value={view.status}
            onChange={(status) => onChange({ status: JOB_STATUSES.filter((s) => status.includes(s)) })}
            clearable
          />
          <Select
            label="Workspace"
            placeholder="Every workspace"
            data={props.workspaces}
            value={view.workspace}
            onChange={(workspace) => onChange({ workspace })}
            clearable
          />
          <NumberInput
            label="Ran at least (minutes)"
            min={0}
            // Minutes are typed: unnamed up and down arrows would only be noise for a screen reader.
            hideControls
            key={`min-${view.minDuration}`}
            defaultValue={minutes(view.minDuration)}
            onBlur={(e) => {
              const v = seconds(e.currentTarget.value)
              if (v !== view.minDuration) onChange({ minDuration: v })
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') e.currentTarget.blur()
            }}
            error={props.errors.duration}
          />
          <NumberInput
            label="Ran at most (minutes)"
            min={0}
            // Minutes are typed: unnamed up and down arrows would only be noise for a screen reader.
            hideControls
            key={`max-${view.maxDuration}`}
            defaultValue={minutes(view.maxDuration)}
            onBlur={(e) => {
              const v = seconds(e.currentTarget.value)
              if (v !== view.maxDuration) onChange({ maxDuration: v })
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') e.currentTarget.blur()
            }}
            error={props.errors.duration ? ' ' : undefined}
          />
          <Textarea
            label="Job IDs"
            description="Paste up to 100, separated by commas, spaces or new lines"
            rows={1}
            key={`ids-${idsKey}`}
            defaultValue={view.jobIds.join('\n')}
            onBlur={(e) => {
              const next = parseJobIds(e.currentTarget.value)
              if (next.join(',') !== idsKey) onChange({ jobIds: next })
            }}
            error={props.errors.jobIds}
          />
        </SimpleGrid>
        {hasJobFilters(view) && (
          <Group>
            <Button size="xs" variant="default" onClick={() => onChange(clearedJobFilters(view))}>
              Clear filters
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  )
}
