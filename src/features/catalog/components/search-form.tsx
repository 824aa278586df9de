import '@mantine/core/styles/FloatingIndicator.css'
import '@mantine/core/styles/InlineInput.css'
import '@mantine/core/styles/CheckboxIndicator.css'
import '@mantine/core/styles/Checkbox.css'
import '@mantine/core/styles/SegmentedControl.css'
import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useState, type ComponentProps, type ReactNode } from 'react'
import type { components } from '../../../api/schema'
import { UtcDayInput } from '../../../components/utc-date/utc-day-input'
import classes from './catalog.module.css'
import { MAX_LIMIT, MIN_LIMIT, type FilterField, type NotApplied, type SearchFilters } from '../url-state'

type Collection = components['schemas']['Collection']

export type AreaMode = 'aoi' | 'view' | 'none'

export type DayField = 'from' | 'to'

/**
 * The form's state: the filters, with the area named by where it comes from (read at search time), and the
 * date fields whose text does not read as a day (their filter keeps its last day; nothing is searched until
 * they read).
 */
export type Draft = Omit<SearchFilters, 'area'> & { areaMode: AreaMode; unreadDays: DayField[] }

interface Props {
  draft: Draft
  onChange: (change: Partial<Draft>) => void
  onSearch: () => void
  onReset: () => void
  hosts: { name: string; title: string }[]
  hostCollections: Collection[]
  errors: Partial<Record<FilterField, string>>
  notApplied: NotApplied[]
  /** The filters differ from the search shown. */
  dirty: boolean
  searching: boolean
  /** One line on the AOI: what will be searched. */
  aoiSummary: string
  /** Set when the service refused the search area (422): shown at the area, with its message. */
  areaError: string | null
  /** The AOI toolkit, shown under the area choice when the AOI is the search area. */
  aoiTools: ReactNode
}

type DecimalInputProps = Omit<ComponentProps<typeof TextInput>, 'value' | 'onChange'> & {
  value: number | null
  /** null when empty; NaN when the text is not a number, for the form's checks to say so. */
  onValue: (value: number | null) => void
}

/**
 * A number typed as text: what the analyst types stays as typed ("0." on the way to "0.5"), and the form
 * gets the number. A value set from outside (a link, Undo changes) replaces the text.
 */
function DecimalInput({ value, onValue, ...rest }: DecimalInputProps) {
  const [text, setText] = useState(value === null || Number.isNaN(value) ? '' : String(value))
  const [seen, setSeen] = useState(value)
  if (!Object.is(seen, value)) {
    setSeen(value)
    if (!Object.is(parseDecimal(text), value))
      setText(value === null || Number.isNaN(value) ? '' : String(value))
  }
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      {...rest}
      value={text}
      onChange={(e) => {
        const raw = e.currentTarget.value
        setText(raw)
        const v = parseDecimal(raw)
        setSeen(v)
        onValue(v)
      }}
    />
  )
}

function parseDecimal(raw: string): number | null {
  const t = raw.trim().replace(',', '.')
  if (t === '') return null
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(t) ? Number(t) : Number.NaN
}

/** The filters of a catalog search. Nothing is sent until Search (or Ctrl+Enter). */
export function SearchForm(props: Props) {
  const { draft, onChange, errors } = props
  const skipped = (f: FilterField) => props.notApplied.find((n) => n.field === f)?.reason
  return (
    <Stack gap="sm">
      <form
        onSubmit={(e) => {
          e.preventDefault()
          props.onSearch()
        }}
        aria-label="Search filters"
        noValidate
      >
        <Stack gap="sm">
          <Paper withBorder p="md">
            <Stack gap="sm">
              <Title order={2} size="h4">
                Search the archive
              </Title>
              <HostAndCollections
                draft={draft}
                onChange={onChange}
                hosts={props.hosts}
                hostCollections={props.hostCollections}
                error={errors.host}
              />
              <DateFields draft={draft} onChange={onChange} error={errors.dates} />
              <DecimalInput
                label="Maximum cloud cover (%)"
                value={draft.maxCloud}
                onValue={(v) => onChange({ maxCloud: v })}
                error={errors.maxCloud}
                description={skipped('maxCloud')}
                styles={
                  skipped('maxCloud')
                    ? { description: { color: 'var(--mantine-color-orange-9)' } }
                    : undefined
                }
              />
              <ResolutionFields draft={draft} onChange={onChange} error={errors.resolution} />
              <DecimalInput
                label="Scenes per page"
                inputMode="numeric"
                description={`${MIN_LIMIT} to ${MAX_LIMIT}`}
                value={draft.limit}
                onValue={(v) => onChange({ limit: v ?? Number.NaN })}
                error={errors.limit}
              />
              <SearchArea
                draft={draft}
                onChange={onChange}
                error={errors.area}
                aoiSummary={props.aoiSummary}
                areaError={props.areaError}
              />
              <SearchActions dirty={props.dirty} searching={props.searching} onReset={props.onReset} />
            </Stack>
          </Paper>
        </Stack>
      </form>
      {draft.areaMode === 'aoi' && props.aoiTools}
    </Stack>
  )
}

/** What one section of the form reads and changes, and the error its fields show. */
interface SectionProps {
  draft: Draft
  onChange: Props['onChange']
  error: string | undefined
}

/** The host to search (or all of them), and that host's collections. */
function HostAndCollections({
  draft,
  onChange,
  hosts,
  hostCollections,
  error,
}: SectionProps & Pick<Props, 'hosts' | 'hostCollections'>) {
  return (
    <>
      <NativeSelect
        label="Data host"
        description="Every host you can search at once, or one of them."
        value={draft.host ?? ''}
        onChange={(e) => onChange({ host: e.currentTarget.value || null, collections: [] })}
        data={[
          { value: '', label: `All hosts (${hosts.length})` },
          ...hosts.map((h) => ({ value: h.name, label: h.title })),
        ]}
        error={error}
      />
      {hostCollections.length > 0 && (
        <Checkbox.Group
          label="Collections"
          description={`None ticked: every collection of ${draft.host ? 'the host' : 'every host'}.`}
          value={draft.collections}
          onChange={(v) => onChange({ collections: [...v].sort() })}
        >
          <Stack gap={6} mt={6}>
            {hostCollections.map((c) => (
              <Checkbox
                key={c.name}
                value={c.name}
                label={c.title}
                description={c.metadata?.productType === 'SAR' ? 'Radar (SAR)' : undefined}
              />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
    </>
  )
}

/** The first and last UTC day; a day whose text does not read yet is kept as unread. */
function DateFields({ draft, onChange, error }: SectionProps) {
  return (
    <>
      <Group
        grow
        align="flex-start"
        gap="xs"
        role="group"
        aria-label="Dates"
        aria-describedby="catalog-dates-hint"
      >
        {(['from', 'to'] as const).map((field) => (
          <UtcDayInput
            key={field}
            label={field === 'from' ? 'From' : 'To'}
            value={draft.unreadDays.includes(field) ? undefined : draft[field]}
            onChange={(day) => {
              const unread = draft.unreadDays.filter((f) => f !== field)
              if (day === undefined) onChange({ unreadDays: [...unread, field] })
              else onChange({ ...(field === 'from' ? { from: day } : { to: day }), unreadDays: unread })
            }}
            error={error ? ' ' : undefined}
          />
        ))}
      </Group>
      <Text
        id="catalog-dates-hint"
        size="xs"
        c={error ? 'red.8' : 'dimmed'}
        mt={-6}
        role={error ? 'alert' : undefined}
      >
        {error ?? 'UTC days, both included; leave one empty for an open end.'}
      </Text>
    </>
  )
}

/** The resolution's range, with one error for both ends. */
function ResolutionFields({ draft, onChange, error }: SectionProps) {
  return (
    <>
      <Group grow align="flex-start" gap="xs">
        <DecimalInput
          label="Resolution from (m)"
          value={draft.minResolution}
          onValue={(v) => onChange({ minResolution: v })}
          error={error ? ' ' : undefined}
        />
        <DecimalInput
          label="to (m)"
          value={draft.maxResolution}
          onValue={(v) => onChange({ maxResolution: v })}
          error={error ? ' ' : undefined}
        />
      </Group>
      {error && (
        <Text size="xs" c="red.8" mt={-6} role="alert">
          {error}
        </Text>
      )}
    </>
  )
}

/** Where to search (the AOI, the map view or anywhere), and the service's refusal of the area. */
function SearchArea({
  draft,
  onChange,
  error,
  aoiSummary,
  areaError,
}: SectionProps & Pick<Props, 'aoiSummary' | 'areaError'>) {
  return (
    <>
      <div>
        <Text size="sm" fw={500} id="search-area-label">
          Search area
        </Text>
        <SegmentedControl
          aria-labelledby="search-area-label"
          fullWidth
          size="xs"
          value={draft.areaMode}
          onChange={(v) => onChange({ areaMode: v })}
          data={[
            { value: 'aoi', label: 'AOI' },
            { value: 'view', label: 'Map view' },
            { value: 'none', label: 'Anywhere' },
          ]}
        />
        <Text size="xs" c={error ? 'red.8' : 'dimmed'} mt={4} data-testid="search-area-summary">
          {error ?? aoiSummary}
        </Text>
      </div>
      {areaError && (
        <Alert color="red" title="The service refused the search area" role="alert">
          <Text size="sm">{areaError}</Text>
          <Text size="sm" mt={4}>
            Fix the area in the toolkit below (or search the map view), then search again.
          </Text>
        </Alert>
      )}
    </>
  )
}

/** Search, and Undo changes while the filters differ from the search shown. */
function SearchActions({ dirty, searching, onReset }: Pick<Props, 'dirty' | 'searching' | 'onReset'>) {
  return (
    // Kept in view at the panel's foot while the filters scroll.
    <div className={classes.actions}>
      {dirty && (
        <Text size="sm" c="orange.9" role="status" data-testid="filters-changed">
          Filters changed: the results are for the previous search. Search to apply.
        </Text>
      )}
      <Group gap="xs">
        <Button type="submit" loading={searching}>
          Search
        </Button>
        <Text size="xs" c="dimmed">
          <kbd className={classes.kbd}>Ctrl</kbd> + <kbd className={classes.kbd}>Enter</kbd>
        </Text>
        {dirty && (
          <Button variant="subtle" size="xs" onClick={onReset}>
            Undo changes
          </Button>
        )}
      </Group>
    </div>
  )
}
