import { Anchor, Button, Group, Text, TextInput } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { useApiClient } from '../../../api/console-context'
import { whatToDo } from '../../../api/errors'
import { paths } from '../../../config/paths'
import { savedSearchNewsOptions } from '../../../data/saved-searches/queries'
import { useSavedSearches } from '../../../data/saved-searches/store'
import { writeCatalogView, type BuiltSearch, type CatalogView } from '../url-state'
import { suggestSearchName } from '../words'

/**
 * "Save search": names the search shown and keeps it in this browser (saved searches have no endpoint),
 * with what it finds now as the line after which scenes count as new. A search of every host is saved as one
 * request per host.
 */
export function SaveSearch({
  built,
  view,
  areaName,
}: {
  built: readonly BuiltSearch[]
  view: CatalogView
  /** The searched AOI's own name (an imported file's), for the name suggested. */
  areaName?: string | null
}) {
  const client = useApiClient()
  const queryClient = useQueryClient()
  const save = useSavedSearches((s) => s.save)
  const [name, setName] = useState<string | null>(null)
  const [state, setState] = useState<{ busy: boolean; done?: string; error?: string }>({ busy: false })

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (!name?.trim()) return setState({ busy: false, error: 'Give the search a name.' })
    setState({ busy: true })
    const requests = built.map((b) => ({ host: b.host, body: b.body }))
    try {
      const now = await queryClient.fetchQuery(savedSearchNewsOptions(client, requests, null))
      const id = save({
        name,
        params: writeCatalogView({ ...view, page: null }).toString(),
        requests,
        seenUpTo: now.latest,
      })
      if (!id)
        return setState({ busy: false, error: 'This browser keeps 100 saved searches: delete one first.' })
      setName(null)
      setState({ busy: false, done: name.trim() })
    } catch (err) {
      setState({ busy: false, error: whatToDo(err) })
    }
  }

  return (
    <div>
      {name === null ? (
        <Button
          size="compact-xs"
          variant="default"
          onClick={() => {
            setName(suggestSearchName(built, areaName))
            setState({ busy: false })
          }}
        >
          Save search
        </Button>
      ) : (
        <form onSubmit={(e) => void submit(e)} aria-label="Save this search">
          <Group gap={4} align="flex-end" wrap="nowrap">
            <TextInput
              size="xs"
              label="Name of the saved search"
              description="Kept in this browser, for you in this account."
              value={name}
              maxLength={200}
              onChange={(e) => setName(e.currentTarget.value)}
              data-autofocus
              autoFocus
              error={state.error}
            />
            <Button size="xs" type="submit" loading={state.busy}>
              Save
            </Button>
            <Button size="xs" variant="default" onClick={() => setName(null)}>
              Cancel
            </Button>
          </Group>
        </form>
      )}
      {state.done && (
        <Text size="xs" role="status">
          Saved “{state.done}” in this browser.{' '}
          <Anchor component={Link} to={paths.savedSearches()} size="xs" underline="always">
            Saved searches
          </Anchor>
        </Text>
      )}
    </div>
  )
}
