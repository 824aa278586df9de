import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Pill.css'
import '@mantine/core/styles/PillsInput.css'
import '@mantine/core/styles/SimpleGrid.css'
import {
  Button,
  Collapse,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core'
import { memo, useState } from 'react'
import classes from './orders.module.css'
import {
  ORDER_STATUSES,
  ORDER_SUB_STATUSES,
  STATUS_LABELS,
  SUB_STATUS_LABELS,
  TYPE_LABELS,
  type OrderStatus,
  type OrderSubStatus,
} from '../../../data/orders/status'
import {
  MAX_ORDER_IDS,
  orderIdsProblem,
  parseOrderIds,
  PAGE_SIZES,
  type FilterField,
  type OrdersView,
  type PageSize,
} from '../url-state'

export interface Option {
  value: string
  label: string
}

interface OrderFiltersProps {
  view: OrdersView
  onChange: (change: Partial<OrdersView>) => void
  /** Problems per filter: found before sending, or named by the service's 400. */
  errors: Partial<Record<FilterField, string>>
  products: readonly Option[] | undefined
  /** null: budgets are not offered to this user, and the filter is not shown. */
  budgets: readonly Option[] | null | undefined
  workspaces: readonly Option[]
}

const STATUS_OPTIONS = ORDER_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))
const SUB_STATUS_OPTIONS = ORDER_SUB_STATUSES.map((s) => ({ value: s, label: SUB_STATUS_LABELS[s] }))
const TYPE_OPTIONS = [
  { value: 'ALL', label: 'Archive and tasking' },
  { value: 'ARCHIVE', label: TYPE_LABELS.ARCHIVE },
  { value: 'TASKING', label: TYPE_LABELS.TASKING },
]
const ALL_WORKSPACES = 'ALL'

/**
 * Options for ids the URL holds but the lists do not name (an old link, a budget the user cannot read): they
 * stay visible and removable instead of filtering unseen.
 */
function withUnknown(options: readonly Option[] | undefined, values: readonly string[]): Option[] {
  const list = [...(options ?? [])]
  for (const v of values) if (!list.some((o) => o.value === v)) list.push({ value: v, label: v })
  return list
}

/** The filters behind "More filters": shown at once when one of them is set or refused. */
const MORE: readonly FilterField[] = ['subStatus', 'tags', 'dataProducts', 'budgets', 'workspace', 'orderIds']

/** How many of the filters behind "More filters" are set. */
const moreSet = (view: OrdersView) =>
  [
    view.subStatus.length,
    view.tags.length,
    view.dataProducts.length,
    view.budgets.length,
    view.orderIds.length,
  ].filter((n) => n > 0).length + (view.workspace ? 1 : 0)

/**
 * Memoised: the list's answers and polls re-render the results, not these inputs. A compact bar (name,
 * status, type) with the rest behind "More filters", and every filter set shown as a removable chip, so the
 * first screen shows orders, not a form.
 */
export const OrderFilters = memo(function OrderFilters({
  view,
  onChange,
  errors,
  products,
  budgets,
  workspaces,
}: OrderFiltersProps) {
  const [open, setOpen] = useState(() => moreSet(view) > 0)
  const refusedBehind = MORE.some((f) => errors[f])
  const shown = open || refusedBehind
  const n = moreSet(view)
  return (
    <Stack gap="xs" component="section" aria-label="Filters">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NameFilter
          key={view.displayName}
          value={view.displayName}
          error={errors.displayName}
          onChange={onChange}
        />
        <MultiSelect<OrderStatus>
          label="Status"
          placeholder={view.status.length === 0 ? 'Any status' : undefined}
          data={STATUS_OPTIONS}
          value={view.status}
          onChange={(status) => onChange({ status })}
          error={errors.status}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear “Status”' }}
          w={{ base: '100%', sm: 300 }}
        />
        <Select
          label="Type"
          data={TYPE_OPTIONS}
          value={view.type ?? 'ALL'}
          allowDeselect={false}
          onChange={(v) => onChange({ type: v === 'ARCHIVE' || v === 'TASKING' ? v : null })}
          error={errors.type}
          w={{ base: '100%', sm: 200 }}
        />
        <Button
          variant="default"
          onClick={() => setOpen(!shown)}
          aria-expanded={shown}
          aria-controls="order-more-filters"
          disabled={refusedBehind}
        >
          {shown ? 'Fewer filters' : `More filters${n > 0 ? ` (${n} set)` : ''}`}
        </Button>
      </Group>
      <Collapse expanded={shown} id="order-more-filters" keepMounted={false}>
        <Stack gap="sm" pt="xs">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" verticalSpacing="xs">
            <MultiSelect<OrderSubStatus>
              label="Sub-status (tasking)"
              placeholder={view.subStatus.length === 0 ? 'Any sub-status' : undefined}
              data={SUB_STATUS_OPTIONS}
              value={view.subStatus}
              onChange={(subStatus) => onChange({ subStatus })}
              error={errors.subStatus}
              clearable
              clearButtonProps={{ 'aria-label': 'Clear “Sub-status”' }}
            />
            <TagsInput
              label="Tags"
              description="Orders with any of these tags"
              placeholder={view.tags.length === 0 ? 'Type a tag, then Enter' : undefined}
              value={view.tags}
              onChange={(tags) => onChange({ tags })}
              error={errors.tags}
              clearable
              clearButtonProps={{ 'aria-label': 'Clear “Tags”' }}
              splitChars={[',']}
            />
            <MultiSelect
              label="Data products"
              description="Orders of any of these"
              placeholder={
                view.dataProducts.length === 0 ? (products ? 'Any data product' : 'Loading…') : undefined
              }
              data={withUnknown(products, view.dataProducts)}
              value={view.dataProducts}
              onChange={(dataProducts) => onChange({ dataProducts })}
              error={errors.dataProducts}
              searchable
              clearable
              clearButtonProps={{ 'aria-label': 'Clear “Data products”' }}
            />
            {budgets !== null && (
              <MultiSelect
                label="Budgets"
                description="Orders charged to any of these"
                placeholder={view.budgets.length === 0 ? (budgets ? 'Any budget' : 'Loading…') : undefined}
                data={withUnknown(budgets, view.budgets)}
                value={view.budgets}
                onChange={(b) => onChange({ budgets: b })}
                error={errors.budgets}
                searchable
                clearable
                clearButtonProps={{ 'aria-label': 'Clear “Budgets”' }}
              />
            )}
            <Select
              label="Workspace"
              data={[
                { value: ALL_WORKSPACES, label: 'All workspaces' },
                ...withUnknown(workspaces, view.workspace ? [view.workspace] : []),
              ]}
              value={view.workspace ?? ALL_WORKSPACES}
              allowDeselect={false}
              onChange={(v) => onChange({ workspace: v && v !== ALL_WORKSPACES ? v : null })}
              error={errors.workspace}
            />
          </SimpleGrid>
          <OrderIdsFilter
            key={view.orderIds.join(',')}
            ids={view.orderIds}
            error={errors.orderIds}
            onChange={onChange}
          />
        </Stack>
      </Collapse>
      <ActiveFilters
        view={view}
        onChange={onChange}
        products={products}
        budgets={budgets}
        workspaces={workspaces}
      />
    </Stack>
  )
})

const nameIn = (options: readonly Option[] | null | undefined, id: string) =>
  options?.find((o) => o.value === id)?.label ?? id

/** Every filter set, as a chip that removes it: what the list shows at a glance, without opening the panel. */
function ActiveFilters({
  view,
  onChange,
  products,
  budgets,
  workspaces,
}: Pick<OrderFiltersProps, 'view' | 'onChange' | 'products' | 'budgets' | 'workspaces'>) {
  const chips: { key: string; label: string; remove: () => void }[] = []
  if (view.displayName)
    chips.push({
      key: 'name',
      label: `Name contains “${view.displayName}”`,
      remove: () => onChange({ displayName: '' }),
    })
  for (const s of view.status)
    chips.push({
      key: `status:${s}`,
      label: `Status: ${STATUS_LABELS[s]}`,
      remove: () => onChange({ status: view.status.filter((x) => x !== s) }),
    })
  for (const s of view.subStatus)
    chips.push({
      key: `sub:${s}`,
      label: `Sub-status: ${SUB_STATUS_LABELS[s]}`,
      remove: () => onChange({ subStatus: view.subStatus.filter((x) => x !== s) }),
    })
  if (view.type)
    chips.push({
      key: 'type',
      label: `Type: ${TYPE_LABELS[view.type]}`,
      remove: () => onChange({ type: null }),
    })
  for (const t of view.tags)
    chips.push({
      key: `tag:${t}`,
      label: `Tag: ${t}`,
      remove: () => onChange({ tags: view.tags.filter((x) => x !== t) }),
    })
  for (const d of view.dataProducts)
    chips.push({
      key: `product:${d}`,
      label: `Data product: ${nameIn(products, d)}`,
      remove: () => onChange({ dataProducts: view.dataProducts.filter((x) => x !== d) }),
    })
  for (const b of view.budgets)
    chips.push({
      key: `budget:${b}`,
      label: `Budget: ${nameIn(budgets, b)}`,
      remove: () => onChange({ budgets: view.budgets.filter((x) => x !== b) }),
    })
  if (view.workspace) {
    const ws = view.workspace
    chips.push({
      key: 'ws',
      label: `Workspace: ${nameIn(workspaces, ws)}`,
      remove: () => onChange({ workspace: null }),
    })
  }
  if (view.orderIds.length > 0)
    chips.push({
      key: 'ids',
      label: `${view.orderIds.length} order ${view.orderIds.length === 1 ? 'ID' : 'IDs'}`,
      remove: () => onChange({ orderIds: [] }),
    })
  if (chips.length === 0) return null
  return (
    <Group gap={6} aria-label="Filters set" role="group">
      {chips.map((c) => (
        <Button
          key={c.key}
          size="compact-sm"
          variant="default"
          radius="xl"
          onClick={c.remove}
          aria-label={`Remove the filter ${c.label}`}
          rightSection={<span aria-hidden="true">×</span>}
          className={classes.chip}
        >
          {c.label}
        </Button>
      ))}
    </Group>
  )
}

/** The display-name filter applies on Enter or when focus leaves it, not on every key (one URL per search). */
function NameFilter({
  value,
  error,
  onChange,
}: {
  value: string
  error: string | undefined
  onChange: (change: Partial<OrdersView>) => void
}) {
  const [draft, setDraft] = useState(value)
  const apply = () => {
    if (draft.trim() !== value) onChange({ displayName: draft.trim() })
  }
  return (
    <TextInput
      label="Display name"
      description="Contains, any case; Enter to apply"
      w={{ base: '100%', sm: 260 }}
      value={draft}
      onChange={(e) => setDraft(e.currentTarget.value)}
      onBlur={apply}
      onKeyDown={(e) => {
        if (e.key === 'Enter') apply()
      }}
      error={error}
    />
  )
}

/**
 * Order IDs pasted as a list: any mix of commas, spaces and new lines. The list is checked before it goes
 * anywhere; a list the service would refuse stays in the box with the reason beside it.
 */
function OrderIdsFilter({
  ids,
  error,
  onChange,
}: {
  ids: readonly string[]
  error: string | undefined
  onChange: (change: Partial<OrdersView>) => void
}) {
  const [draft, setDraft] = useState(ids.join('\n'))
  const [problem, setProblem] = useState<string | null>(null)
  const parsed = parseOrderIds(draft)
  function apply() {
    const p = orderIdsProblem(parsed)
    setProblem(p)
    if (!p) onChange({ orderIds: parsed })
  }
  return (
    <Group align="flex-start" gap="sm" wrap="wrap">
      <Textarea
        label="Order IDs"
        description={`Paste up to ${MAX_ORDER_IDS}, separated by commas, spaces or new lines`}
        value={draft}
        onChange={(e) => {
          setDraft(e.currentTarget.value)
          setProblem(null)
        }}
        error={problem ?? error}
        rows={2}
        resize="vertical"
        w={{ base: '100%', sm: 520 }}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <Stack gap={4} pt={{ base: 0, sm: 44 }}>
        <Group gap="xs">
          <Button size="sm" variant="default" onClick={apply}>
            Find these orders
          </Button>
          {(ids.length > 0 || draft !== '') && (
            <Button
              size="sm"
              variant="subtle"
              onClick={() => {
                setDraft('')
                setProblem(null)
                if (ids.length > 0) onChange({ orderIds: [] })
              }}
            >
              Clear IDs
            </Button>
          )}
        </Group>
        {parsed.length > 0 && (
          <Text size="xs" c="dimmed">
            {parsed.length} {parsed.length === 1 ? 'ID' : 'IDs'} in the box
          </Text>
        )}
      </Stack>
    </Group>
  )
}

export function PageSizeSelect({ value, onChange }: { value: PageSize; onChange: (size: PageSize) => void }) {
  return (
    <Select
      label="Rows per page"
      value={String(value)}
      data={PAGE_SIZES.map((s) => ({ value: String(s), label: String(s) }))}
      allowDeselect={false}
      onChange={(v) => {
        const size = PAGE_SIZES.find((s) => String(s) === v)
        if (size) onChange(size)
      }}
      w={130}
    />
  )
}
