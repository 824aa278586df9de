import {
  Alert,
  Anchor,
  Badge,
  Button,
  FileButton,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import { savedSearchLink, useLookedAt, useSavedSearchNews } from '../../../data/saved-searches/queries'
import {
  exportSavedSearches,
  newsLabel,
  parseSavedSearches,
  type SavedSearch,
  type SavedSearchNews,
} from '../../../data/saved-searches/saved-search'
import { useSavedSearches } from '../../../data/saved-searches/store'
import { formatUtc } from '../../../lib/format'

/**
 * The catalog searches the analyst saved, kept in this browser: what each has found since they last
 * looked, opening one (with those scenes marked), renaming, deleting, and export and import as JSON.
 */
export function SavedSearchesPage() {
  const searches = useSavedSearches((s) => s.searches)
  const importSearches = useSavedSearches((s) => s.importSearches)
  const news = useSavedSearchNews(searches)
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null)

  function download() {
    const blob = new Blob([exportSavedSearches(searches)], { type: 'application/json' })
    const url = URL.createObjectURL(blob)
    const a = document.createElement('a')
    a.href = url
    a.download = 'swath-saved-searches.json'
    a.click()
    URL.revokeObjectURL(url)
    setStatus({
      ok: true,
      text: `Exported ${searches.length} saved ${searches.length === 1 ? 'search' : 'searches'}.`,
    })
  }

  async function upload(file: File | null) {
    if (!file) return
    const read = parseSavedSearches(await file.text())
    if (!read.ok) return setStatus({ ok: false, text: `${file.name} was not imported: ${read.reason}` })
    const left = importSearches(read.searches)
    const added = read.searches.length - left
    setStatus({
      ok: left === 0,
      text: `Imported ${added} saved ${added === 1 ? 'search' : 'searches'}${left > 0 ? `; ${left} did not fit (100 at most)` : ''}.`,
    })
  }

  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Saved searches</Title>
        <Text c="dimmed">
          Catalog searches you saved, with the scenes acquired or published since you last looked. They are
          kept in this browser, for you in this account: another browser does not have them (export and import
          them to move them).
        </Text>
      </div>
      <Group gap="xs">
        <Button variant="default" size="sm" onClick={download} disabled={searches.length === 0}>
          Export as JSON
        </Button>
        <FileButton onChange={(f) => void upload(f)} accept="application/json,.json">
          {(props) => (
            <Button variant="default" size="sm" {...props}>
              Import from JSON
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="sm" role="status" c={status && !status.ok ? 'red.8' : undefined} mih={20}>
        {status?.text}
      </Text>
      {searches.length === 0 ? (
        <Alert color="gray" title="No saved search yet">
          Run a search in the{' '}
          <Anchor component={Link} to={paths.catalog()} underline="always">
            catalog
          </Anchor>{' '}
          and press <b>Save search</b> above its results.
        </Alert>
      ) : (
        <Stack
          gap="xs"
          component="ul"
          className="plain-list"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {searches.map((s, i) => (
            <SavedSearchRow key={s.id} search={s} news={news[i]} />
          ))}
        </Stack>
      )}
    </Stack>
  )
}

function SavedSearchRow({
  search,
  news,
}: {
  search: SavedSearch
  news: { data?: SavedSearchNews; isPending: boolean; error: unknown }
}) {
  const rename = useSavedSearches((s) => s.rename)
  const remove = useSavedSearches((s) => s.remove)
  const lookedAt = useLookedAt()
  const [editing, setEditing] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const headingId = `saved-${search.id}`

  function submit(e: FormEvent) {
    e.preventDefault()
    if (!editing?.trim()) return
    rename(search.id, editing)
    setEditing(null)
  }

  return (
    <Paper withBorder p="sm" component="li" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Anchor
            component={Link}
            to={savedSearchLink(search)}
            onClick={() => lookedAt(search, news.data)}
            fw={600}
            id={headingId}
            underline="always"
          >
            {search.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {search.requests.map((r) => r.host).join(', ')} · saved {formatUtc(search.savedAt)} · last looked{' '}
            {formatUtc(search.lookedAt)}
          </Text>
        </Stack>
        <NewsBadge news={news} />
      </Group>
      {editing !== null ? (
        <form onSubmit={submit} aria-label={`Rename ${search.name}`}>
          <Group gap={4} align="flex-end" mt="xs">
            <TextInput
              size="xs"
              label="New name"
              value={editing}
              maxLength={200}
              onChange={(e) => setEditing(e.currentTarget.value)}
              autoFocus
            />
            <Button size="xs" type="submit" disabled={!editing.trim()}>
              Rename
            </Button>
            <Button size="xs" variant="default" onClick={() => setEditing(null)}>
              Cancel
            </Button>
          </Group>
        </form>
      ) : confirming ? (
        <Group gap={4} mt="xs" role="group" aria-label={`Delete ${search.name}?`}>
          <Text size="sm">Delete “{search.name}” from this browser?</Text>
          <Button size="compact-sm" color="red" onClick={() => remove(search.id)}>
            Delete
          </Button>
          <Button size="compact-sm" variant="default" onClick={() => setConfirming(false)} autoFocus>
            Keep it
          </Button>
        </Group>
      ) : (
        <Group gap={4} mt="xs">
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => setEditing(search.name)}
            aria-label={`Rename ${search.name}`}
          >
            Rename
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => setConfirming(true)}
            aria-label={`Delete ${search.name}`}
          >
            Delete
          </Button>
        </Group>
      )}
    </Paper>
  )
}

function NewsBadge({ news }: { news: { data?: SavedSearchNews; isPending: boolean; error: unknown } }) {
  if (news.data)
    return (
      <Badge
        variant={news.data.count > 0 ? 'filled' : 'outline'}
        color={news.data.count > 0 ? 'grape.9' : 'gray'}
        tt="none"
      >
        {newsLabel(news.data)}
      </Badge>
    )
  return (
    <Text size="xs" c="dimmed">
      {news.error ? 'New scenes could not be counted' : 'Counting new scenes…'}
    </Text>
  )
}
