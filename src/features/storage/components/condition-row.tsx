import '@mantine/core/styles/CheckboxIndicator.css'
import './mantine-styles'
import { ActionIcon, Checkbox, Group, NativeSelect, Stack, TextInput } from '@mantine/core'
import { OP_LABELS, OPS_BY_KIND, TIME_OP_LABELS, type Field, type Op, type Row } from '../filter-builder'

/** One condition of the storage search: a field the service names, a comparison and its value. */
export function ConditionRow({
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
