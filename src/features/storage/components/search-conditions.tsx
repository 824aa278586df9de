import './mantine-styles'
import { Button, Checkbox, Group, SegmentedControl, Stack, Text } from '@mantine/core'
import type { useAoiTools } from '../../../components/aoi/use-aoi-tools'
import { CodeButton } from '../../../components/request-code/code-button'
import { UtcDayInput } from '../../../components/utc-date/utc-day-input'
import { storageSearchCode } from '../../../data/storage/storage-code'
import { defaultField, OPS_BY_KIND, type Field } from '../filter-builder'
import type { useSearchConditions } from '../use-search-conditions'
import { ConditionRow } from './condition-row'

/** The storage search's form: conditions on the queryables, UTC days and the area of interest. */
export function SearchConditions({
  fields,
  conditions,
  aoi,
  fetching,
}: {
  fields: Field[]
  conditions: ReturnType<typeof useSearchConditions>
  aoi: ReturnType<typeof useAoiTools>
  fetching: boolean
}) {
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
    submit,
  } = conditions
  return (
    <form onSubmit={submit} aria-label="Storage search" noValidate>
      <Stack gap="sm">
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            No condition: every item matches. Add conditions on the fields storage can search.
          </Text>
        )}
        {rows.map((r, i) => (
          <ConditionRow
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
          <Button type="submit" loading={fetching}>
            Search
          </Button>
          {body && (
            <CodeButton size="sm" ariaLabel="This search as code" requests={() => storageSearchCode(body)} />
          )}
        </Group>
      </Stack>
    </form>
  )
}
