import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Pill.css'
import '@mantine/core/styles/PillsInput.css'
import { Alert, Button, Group, Stack, TagsInput, Text, TextInput } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { permissionsOf, useApiClient, useSession } from '../../../api/console-context'
import { isApiError, whatToDo } from '../../../api/errors'
import { orderPatchOf } from '../order-patch'
import { patchOrderMutation, type Order } from '../../../data/orders/queries'
import { MAX_TAGS, nameProblem as nameProblemOf, tagsProblem } from '../../../lib/order-fields'
import { VIEWER_CANNOT_EDIT_ORDERS } from '../words'

/**
 * Rename the order and edit its tags. Nothing changes on screen until the service has answered (no
 * optimistic update): the button says it is saving, and a refusal is shown under the form. A role that may
 * not rename or retag (the Viewer) gets no form, only why and whom to ask.
 */
export function OrderEdit({ order }: { order: Order }) {
  const client = useApiClient()
  const perms = permissionsOf(useSession().user)
  const qc = useQueryClient()
  const patch = useMutation(patchOrderMutation(client, qc))
  // null while nothing is edited: the form then shows the order as the service last sent it (a change made
  // in another tab shows up); an edit starts a draft, which a save or an undo ends.
  const [draft, setDraft] = useState<{ name: string; tags: string[] } | null>(null)
  const [saved, setSaved] = useState(false)
  const name = draft?.name ?? order.displayName
  const tags = draft?.tags ?? order.tags
  const edit = (change: Partial<{ name: string; tags: string[] }>) => {
    setDraft({ name, tags, ...change })
    setSaved(false)
  }

  if (!perms.change) return <Text size="sm">{VIEWER_CANNOT_EDIT_ORDERS}</Text>

  const nameProblem = nameProblemOf(name)
  const tagProblem =
    tagsProblem(tags) ?? (tags.length > MAX_TAGS ? `At most ${MAX_TAGS} tags (${tags.length} now).` : null)
  const changes = orderPatchOf(order, name, tags)
  const changed = Object.keys(changes).length > 0

  function submit(e: FormEvent) {
    e.preventDefault()
    if (nameProblem || tagProblem || !changed || patch.isPending) return
    setSaved(false)
    patch.mutate(
      { id: order.id, patch: changes },
      {
        onSuccess: () => {
          setDraft(null)
          setSaved(true)
        },
      },
    )
  }

  const serverField = (n: string) =>
    isApiError(patch.error) ? patch.error.fieldErrors.find((f) => f.name === n)?.reason : undefined

  return (
    <form onSubmit={submit} aria-label="Edit name and tags" noValidate>
      <Stack gap="sm">
        <TextInput
          label="Display name"
          value={name}
          onChange={(e) => edit({ name: e.currentTarget.value })}
          error={nameProblem ?? serverField('displayName')}
          required
        />
        <TagsInput
          label="Tags"
          description="Letters, digits, spaces and . _ - / : — Enter or a comma adds a tag"
          value={tags}
          onChange={(t) => edit({ tags: t })}
          error={tagProblem ?? serverField('tags')}
          splitChars={[',']}
          clearable
          clearButtonProps={{ 'aria-label': 'Remove every tag' }}
        />
        {patch.isError && (
          <Alert
            color="red"
            title={isApiError(patch.error) ? patch.error.title : 'Saving failed'}
            role="alert"
          >
            <Text size="sm">
              {isApiError(patch.error) && patch.error.detail ? `${patch.error.detail} ` : ''}
              {whatToDo(patch.error)}
            </Text>
          </Alert>
        )}
        <Group gap="sm">
          <Button
            type="submit"
            loading={patch.isPending}
            disabled={!changed || !!nameProblem || !!tagProblem}
          >
            Save changes
          </Button>
          {changed && !patch.isPending && (
            <Button
              variant="default"
              onClick={() => {
                setDraft(null)
                patch.reset()
              }}
            >
              Undo edits
            </Button>
          )}
          <Text size="sm" role="status" c="dimmed">
            {patch.isPending ? 'Saving…' : saved && !changed ? 'Saved.' : ''}
          </Text>
        </Group>
      </Stack>
    </form>
  )
}
