import '@mantine/core/styles/CheckboxIndicator.css'
import './mantine-styles'
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useMemo } from 'react'
import { Link } from 'react-router'
import { useApiClient } from '../../../api/console-context'
import { useAoiTools } from '../../../components/aoi/use-aoi-tools'
import { Pager } from '../../../components/pager'
import { UtcDayInput } from '../../../components/utc-date/utc-day-input'
import { paths } from '../../../config/paths'
import { queryablesOptions, searchOptions, type StacItem } from '../../../data/storage/queries'
import { storageSearchCode } from '../../../data/storage/storage-code'
import { CodeButton } from '../../../components/request-code/code-button'
import { countLabel, formatUtc } from '../../../lib/format'
import {
  fieldsOf,
  OP_LABELS,
  defaultField,
  OPS_BY_KIND,
  TIME_OP_LABELS,
  type Field,
  type Op,
  type Row,
} from '../filter-builder'
import { titleOf } from '../words'
import { useItemsMap } from '../use-items-map'
import { PAGE_SIZE, useSearchConditions } from '../use-search-conditions'
import classes from './storage.module.css'

const StorageMap = lazy(async () => ({ default: (await import('./storage-map')).StorageMap }))

/** `/storage/search`: items across storage, filtered by fields the service names, an area and dates. */
export function SearchPage() {
  const client = useApiClient()
  const queryables = useQuery(queryablesOptions(client))
  const fields = useMemo(() => fieldsOf(queryables.data), [queryables.data])
  const aoi = useAoiTools()
  const {
    rows,
    setRows,
    problems,
    setProblems,
    overArea,
    setOverArea,
    from,
    setFrom,
    to,
    setTo,
    daysProblem,
    showDaysProblem,
    body,
    setBody,
    submit,
  } = useSearchConditions(fields, aoi.polygons)
  const search = useQuery({ ...searchOptions(client, body ?? {}), enabled: body !== null })
  const items = body && !search.isPlaceholderData ? search.data?.features : undefined
  const { overlays, fit, hovered, onHover, onOverlayHover } = useItemsMap(items)

  const matched = search.data?.context?.matched ?? items?.length ?? 0
  const page = body?.page ?? 0
  return (
    <Stack gap="sm">
      <Anchor component={Link} to={paths.storage()} size="sm">
        All of storage
      </Anchor>
      <Title order={1} size="h3">
        Search storage
      </Title>
      <div className={classes.layout}>
        <Stack gap="sm">
          <Paper withBorder p="sm" component="section" aria-labelledby="search-form">
            <Title order={2} size="h5" id="search-form" mb="xs">
              Conditions
            </Title>
            {queryables.error ? (
              <Alert color="red" title="The searchable fields could not be loaded">
                <Text size="sm">{queryables.error.message}</Text>
                <Button mt="sm" size="xs" variant="default" onClick={() => void queryables.refetch()}>
                  Try again
                </Button>
              </Alert>
            ) : !queryables.data ? (
              <Skeleton height={120} role="status" aria-label="Loading the searchable fields" />
            ) : (
              <form onSubmit={submit} aria-label="Storage search" noValidate>
                <Stack gap="sm">
                  {rows.length === 0 && (
                    <Text size="sm" c="dimmed">
                      No condition: every item matches. Add conditions on the fields storage can search.
                    </Text>
                  )}
                  {rows.map((r, i) => (
                    <RowEditor
                      key={i}
                      index={i}
                      row={r}
                      fields={fields}
                      problem={problems[i] ?? null}
                      onChange={(row) => setRows((rs) => rs.map((x, j) => (j === i ? row : x)))}
                      onRemove={() => {
                        setRows((rs) => rs.filter((_, j) => j !== i))
                        setProblems((ps) => ps.filter((_, j) => j !== i))
                      }}
                    />
                  ))}
                  <Group>
                    <Button
                      size="xs"
                      variant="default"
                      disabled={fields.length === 0}
                      onClick={() => {
                        const f = defaultField(fields)
                        if (!f) return
                        setRows((rs) => [...rs, { field: f.name, op: OPS_BY_KIND[f.kind][0], value: '' }])
                      }}
                    >
                      Add a condition
                    </Button>
                  </Group>
                  <Group grow align="flex-start">
                    <UtcDayInput label="Acquired from" value={from} onChange={setFrom} />
                    <UtcDayInput label="Acquired until" value={to} onChange={setTo} />
                  </Group>
                  {showDaysProblem && daysProblem ? (
                    <Text size="xs" c="var(--mantine-color-error)" role="alert" mt={-6}>
                      {daysProblem}
                    </Text>
                  ) : (
                    <Text size="xs" c="dimmed" mt={-6}>
                      UTC days, both included; leave one empty for an open end.
                    </Text>
                  )}
                  <SegmentedControl
                    size="xs"
                    aria-label="Map tool"
                    data={[
                      { value: 'static', label: 'Pan' },
                      { value: 'polygon', label: 'Polygon' },
                      { value: 'rectangle', label: 'Rectangle' },
                    ]}
                    value={aoi.panelProps.mode}
                    onChange={(m) => aoi.panelProps.onMode(m)}
                  />
                  <Checkbox
                    label={
                      aoi.polygons.length > 0
                        ? 'Only items over the area of interest'
                        : 'Only items over the area of interest (draw one on the map first)'
                    }
                    checked={overArea}
                    disabled={aoi.polygons.length === 0}
                    onChange={(e) => setOverArea(e.currentTarget.checked)}
                  />
                  <Group>
                    <Button type="submit" loading={search.isFetching}>
                      Search
                    </Button>
                    {body && (
                      <CodeButton
                        size="sm"
                        ariaLabel="This search as code"
                        requests={() => storageSearchCode(body)}
                      />
                    )}
                  </Group>
                </Stack>
              </form>
            )}
          </Paper>
          <section aria-labelledby="search-results">
            <Title order={2} size="h5" id="search-results" mb={6}>
              {items ? countLabel(matched, 'item') : 'Items'}
            </Title>
            {!body ? (
              <Text size="sm" c="dimmed">
                Set conditions and search.
              </Text>
            ) : search.error ? (
              <Alert color="red" title="The search was refused">
                <Text size="sm">{search.error.message}</Text>
              </Alert>
            ) : !items ? (
              <Skeleton height={120} role="status" aria-label="Searching" />
            ) : items.length === 0 ? (
              <Alert color="gray" title="No item matches">
                <Text size="sm">Loosen a condition, the dates or the area.</Text>
              </Alert>
            ) : (
              <ResultList items={items} hovered={hovered} onHover={onHover} />
            )}
            {body && !search.error && (
              // The last answer's total (kept while the next page loads) keeps the pager, and its focus, in place.
              <Pager
                things="items"
                mt="sm"
                page={page + 1}
                total={search.data ? Math.ceil(matched / PAGE_SIZE) : 0}
                onPage={(p) => setBody({ ...body, page: p - 1 })}
              />
            )}
          </section>
        </Stack>
        <div className={classes.map}>
          <Suspense fallback={<Skeleton height="100%" role="status" aria-label="Loading the map" />}>
            <StorageMap
              {...aoi.mapProps}
              label="Map of the search: the area of interest and the items found"
              overlays={overlays}
              fit={fit}
              onOverlayHover={onOverlayHover}
            />
          </Suspense>
        </div>
      </div>
    </Stack>
  )
}

function RowEditor({
  index,
  row,
  fields,
  problem,
  onChange,
  onRemove,
}: {
  index: number
  row: Row
  fields: Field[]
  problem: string | null
  onChange: (r: Row) => void
  onRemove: () => void
}) {
  const field = fields.find((f) => f.name === row.field)
  const ops = field ? OPS_BY_KIND[field.kind] : []
  const n = index + 1
  const opLabel = (op: Op) => (field?.kind === 'time' ? (TIME_OP_LABELS[op] ?? OP_LABELS[op]) : OP_LABELS[op])
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap" data-testid="condition">
      <NativeSelect
        aria-label={`Field of condition ${n}`}
        value={row.field}
        onChange={(e) => {
          const f = fields.find((x) => x.name === e.currentTarget.value)
          if (f) onChange({ field: f.name, op: OPS_BY_KIND[f.kind][0], value: '' })
        }}
        data={fields.map((f) => ({ value: f.name, label: f.title }))}
        style={{ flex: 2 }}
      />
      <NativeSelect
        aria-label={`Comparison of condition ${n}`}
        value={row.op}
        onChange={(e) => {
          const op = e.currentTarget.value as Op
          onChange({ ...row, op, value: op === 'in' ? [] : '' })
        }}
        data={ops.map((op) => ({ value: op, label: opLabel(op) }))}
        style={{ flex: 1 }}
      />
      <div style={{ flex: 2 }}>
        {field?.values && row.op === 'in' ? (
          <Checkbox.Group
            aria-label={`Values of condition ${n}`}
            value={Array.isArray(row.value) ? row.value : []}
            onChange={(v) => onChange({ ...row, value: v })}
            error={problem}
          >
            <Stack gap={4}>
              {field.values.map((v) => (
                <Checkbox key={v} value={v} label={v} size="xs" />
              ))}
            </Stack>
          </Checkbox.Group>
        ) : field?.values ? (
          <NativeSelect
            aria-label={`Value of condition ${n}`}
            value={typeof row.value === 'string' ? row.value : ''}
            onChange={(e) => onChange({ ...row, value: e.currentTarget.value })}
            data={[{ value: '', label: 'Choose…' }, ...field.values.map((v) => ({ value: v, label: v }))]}
            error={problem}
          />
        ) : (
          <TextInput
            aria-label={`Value of condition ${n}`}
            type={field?.kind === 'time' ? 'date' : 'text'}
            inputMode={field?.kind === 'number' ? 'decimal' : undefined}
            value={typeof row.value === 'string' ? row.value : ''}
            onChange={(e) => onChange({ ...row, value: e.currentTarget.value })}
            error={problem}
            description={field?.description}
          />
        )}
      </div>
      <ActionIcon variant="default" size="lg" aria-label={`Remove condition ${n}`} onClick={onRemove}>
        ×
      </ActionIcon>
    </Group>
  )
}

function ResultList({
  items,
  hovered,
  onHover,
}: {
  items: StacItem[]
  hovered: number | null
  onHover: (i: number | null) => void
}) {
  return (
    <ul className={classes.list} aria-label="Items found" onMouseLeave={() => onHover(null)}>
      {items.map((item, i) => (
        <li
          key={item.id}
          className={classes.row}
          data-item-id={item.id}
          data-hovered={hovered === i || undefined}
          onMouseEnter={() => onHover(i)}
        >
          <Anchor
            component={Link}
            to={paths.storageItem(item.collection ?? '', item.id)}
            size="sm"
            fw={600}
            onFocus={() => onHover(i)}
          >
            {titleOf(item.properties, item.id)}
          </Anchor>
          <Text size="xs" c="dimmed">
            Acquired {formatUtc(item.properties.datetime)}
            {item.properties.constellation ? ` · ${item.properties.constellation}` : ''}
          </Text>
        </li>
      ))}
    </ul>
  )
}
