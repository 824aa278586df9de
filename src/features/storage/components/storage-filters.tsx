import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/InlineInput.css'
import '@mantine/core/styles/CheckboxIndicator.css'
import '@mantine/core/styles/Checkbox.css'
import '@mantine/core/styles/Pill.css'
import '@mantine/core/styles/PillsInput.css'
import '@mantine/core/styles/RadioIndicator.css'
import '@mantine/core/styles/Radio.css'
import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Radio,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { useSession } from '../../../api/console-context'
import {
  STORAGE_SOURCES,
  tagProblem,
  type CollectionsQuery,
  type StorageSource,
} from '../../../data/storage/query'
import { CNAM_HELP, SOURCE_LABELS } from '../words'
import type { StorageView } from '../url-state'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const ids = (raw: string) =>
  raw
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter((s) => s !== '')

interface Draft {
  title: string
  tags: string[]
  sources: StorageSource[]
  cnam: 'true' | 'false'
  workspaceId: string
  orderIds: string
  assetIds: string
  productIds: string
}

const draftOf = (q: CollectionsQuery): Draft => ({
  title: q.title ?? '',
  tags: q.tags ?? [],
  sources: q.sources ?? [],
  cnam: q.cnam === false ? 'false' : 'true',
  workspaceId: q.workspaceId ?? '',
  orderIds: (q.orderIds ?? []).join(', '),
  assetIds: (q.assetIds ?? []).join(', '),
  productIds: (q.productIds ?? []).join(', '),
})

/**
 * Every filter of the collections list except the area (which the map sets): changes apply together with
 * "Apply filters", so a half-typed ID sends nothing. Problems are shown on their field before anything is sent.
 */
export function StorageFilters({
  view,
  onApply,
}: {
  view: StorageView
  onApply: (change: Partial<CollectionsQuery>) => void
}) {
  const [draft, setDraft] = useState(() => draftOf(view.query))
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({})
  const workspaces = useSession().user?.workspaces ?? []
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }))

  function submit(e: FormEvent) {
    e.preventDefault()
    const next: Partial<Record<keyof Draft, string>> = {}
    const idField = (k: 'orderIds' | 'assetIds' | 'productIds') => {
      const bad = ids(draft[k]).find((v) => !UUID.test(v))
      if (bad) next[k] = `“${bad}” is not an ID. IDs look like 0b6e4f2a-…, separated by commas.`
    }
    idField('orderIds')
    idField('assetIds')
    idField('productIds')
    const tagError = tagProblem(draft.tags)
    if (tagError) next.tags = tagError
    setErrors(next)
    if (Object.keys(next).length > 0) return
    onApply({
      title: draft.title.trim() || undefined,
      tags: draft.tags.length ? draft.tags : undefined,
      sources: draft.sources.length ? draft.sources : undefined,
      cnam: draft.cnam === 'false' ? false : undefined,
      workspaceId: draft.workspaceId || undefined,
      orderIds: ids(draft.orderIds).length ? ids(draft.orderIds) : undefined,
      assetIds: ids(draft.assetIds).length ? ids(draft.assetIds) : undefined,
      productIds: ids(draft.productIds).length ? ids(draft.productIds) : undefined,
    })
  }

  const urlProblem = view.problems
  return (
    <form onSubmit={submit} aria-label="Storage filters" noValidate>
      <Stack gap="sm">
        <TextInput
          label="Title"
          description="Part of the collection's title"
          value={draft.title}
          onChange={(e) => set('title', e.currentTarget.value)}
        />
        <TagsInput
          label="Tags"
          description="Collections with any of these tags; press Enter after each"
          value={draft.tags}
          onChange={(v) => set('tags', v)}
          error={errors.tags ?? urlProblem.tags}
          clearable
        />
        <Checkbox.Group label="Sources" value={draft.sources} onChange={(v) => set('sources', v)}>
          <Group gap="md" mt={4}>
            {STORAGE_SOURCES.map((s) => (
              <Checkbox key={s} value={s} label={SOURCE_LABELS[s]} />
            ))}
          </Group>
        </Checkbox.Group>
        <Radio.Group
          label="Deliveries"
          description={CNAM_HELP}
          value={draft.cnam}
          onChange={(v) => set('cnam', v === 'false' ? 'false' : 'true')}
        >
          <Group gap="md" mt={4}>
            <Radio value="true" label="Ready to use" />
            <Radio value="false" label="As delivered" />
          </Group>
        </Radio.Group>
        <NativeSelect
          label="Workspace"
          value={draft.workspaceId}
          onChange={(e) => set('workspaceId', e.currentTarget.value)}
          error={urlProblem.workspaceId}
          data={[
            { value: '', label: 'All workspaces of the account' },
            ...workspaces.map((w) => ({ value: w.id, label: w.name })),
          ]}
        />
        <TextInput
          label="Order IDs"
          description="Comma-separated"
          value={draft.orderIds}
          onChange={(e) => set('orderIds', e.currentTarget.value)}
          error={errors.orderIds ?? urlProblem.orderIds}
        />
        <TextInput
          label="Asset IDs"
          description="Comma-separated"
          value={draft.assetIds}
          onChange={(e) => set('assetIds', e.currentTarget.value)}
          error={errors.assetIds ?? urlProblem.assetIds}
        />
        <TextInput
          label="Data product IDs"
          description="Comma-separated"
          value={draft.productIds}
          onChange={(e) => set('productIds', e.currentTarget.value)}
          error={errors.productIds ?? urlProblem.productIds}
        />
        <Group gap="sm">
          <Button type="submit">Apply filters</Button>
          <Button
            variant="default"
            onClick={() => {
              setErrors({})
              setDraft(draftOf({}))
              onApply({
                title: undefined,
                tags: undefined,
                sources: undefined,
                cnam: undefined,
                workspaceId: undefined,
                orderIds: undefined,
                assetIds: undefined,
                productIds: undefined,
                bbox: undefined,
              })
            }}
          >
            Clear all
          </Button>
        </Group>
        {Object.keys(errors).length > 0 && (
          <Text size="sm" c="red.8" role="alert">
            Fix the fields marked above; nothing was sent.
          </Text>
        )}
      </Stack>
    </form>
  )
}
