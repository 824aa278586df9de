import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Pill.css'
import '@mantine/core/styles/PillsInput.css'
import { Alert, Button, Group, Stack, TagsInput, Text, TextInput } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { permissionsOf, useApiClient, useSession } from '../../../api/console-context'
import { isApiError } from '../../../api/errors'
import { patchItemMutation, type StacItem } from '../../../data/storage/queries'
import { tagProblem } from '../../../data/storage/query'
import { str, tagsOf } from '../words'

/**
 * The item's own title and tags (`up42-user:*`). Tags are checked with the contract's rule before anything is
 * sent; a refusal (422) shows on the field it is about.
 */
export function ItemEdit({ item, collectionId }: { item: StacItem; collectionId: string }) {
  const client = useApiClient()
  const qc = useQueryClient()
  const perms = permissionsOf(useSession().user)
  const p = item.properties
  const [title, setTitle] = useState(str(p['up42-user:title']) ?? '')
  const [tags, setTags] = useState(tagsOf(p['up42-user:tags']))
  const [tagError, setTagError] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  const patch = useMutation(patchItemMutation(client, qc))
  if (!perms.change)
    return (
      <Text size="sm" c="dimmed">
        {perms.changeWhyNot}
      </Text>
    )

  const refusal = patch.error
  const refusedTags =
    isApiError(refusal) && refusal.status === 422 && /tag/i.test(refusal.message) ? refusal.message : null

  function submit(e: FormEvent) {
    e.preventDefault()
    setSaved(false)
    const problem = tagProblem(tags)
    setTagError(problem)
    if (problem) return
    patch.mutate(
      {
        collectionId,
        itemId: item.id,
        patch: { 'up42-user:title': title.trim() === '' ? null : title.trim(), 'up42-user:tags': tags },
      },
      { onSuccess: () => setSaved(true) },
    )
  }

  return (
    <form onSubmit={submit} aria-label="Title and tags" noValidate>
      <Stack gap="sm">
        <TextInput
          label="Title"
          description={`Shown instead of “${str(p.title) ?? item.id}”; leave empty to use that`}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          maxLength={500}
        />
        <TagsInput
          label="Tags"
          description="Letters, digits, spaces and . - _ / : only; press Enter after each"
          value={tags}
          onChange={(v) => {
            setTags(v)
            setTagError(null)
          }}
          error={tagError ?? refusedTags}
          clearable
        />
        {refusal && !refusedTags && (
          <Alert color="red" title="Not saved">
            <Text size="sm">{refusal.message}</Text>
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={patch.isPending}>
            Save title and tags
          </Button>
          <Text size="sm" role="status">
            {saved && !patch.isPending ? 'Saved.' : ''}
          </Text>
        </Group>
      </Stack>
    </form>
  )
}
