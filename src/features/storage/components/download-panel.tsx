import { Alert, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core'
import { useShallow } from 'zustand/react/shallow'
import { useConsoleServices } from '../../../api/console-context'
import { signDownload } from '../../../data/storage/queries'
import { countLabel } from '../../../lib/format'
import {
  cancelDownload,
  downloadAll,
  downloadFile,
  totals,
  useDownloads,
  type FileState,
} from '../download-store'
import { curlScript, itemCollectionOf } from '../exports'
import { formatBytes } from '../words'

const STATUS: Record<FileState['status'], string> = {
  waiting: 'Waiting',
  downloading: 'Downloading',
  done: 'Downloaded',
  failed: 'Failed',
  canceled: 'Canceled',
}

function saveText(text: string, name: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const a = document.createElement('a')
  a.href = url
  a.download = name
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

/** The files picked across storage: download them with progress, cancel, retry, export the selection. */
export function DownloadPanel() {
  const { client, fetchLink, config } = useConsoleServices()
  const files = useDownloads(useShallow((s) => s.files))
  const unpick = useDownloads((s) => s.unpick)
  const clear = useDownloads((s) => s.clear)
  if (files.length === 0) return null
  const deps = { sign: (id: string) => signDownload(client, id), fetchLink }
  const sum = totals(files)
  const busy = files.some((f) => f.status === 'downloading')
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="download-manager">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="download-manager">
            Downloads
          </Title>
          <Text size="sm">
            {sum.done} of {countLabel(files.length, 'file')} downloaded
          </Text>
        </Group>
        <Progress
          value={sum.total ? (100 * sum.received) / sum.total : (100 * sum.done) / files.length}
          aria-label="All files"
          size="sm"
        />
        <Text size="xs" c="dimmed">
          Each file gets a download link of its own when it starts; links last 5 minutes, and one that runs
          out mid-way is replaced and the file resumes.
        </Text>
        <Stack
          gap={6}
          component="ul"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
          aria-label="Picked files"
        >
          {files.map((f) => (
            <li key={f.key} data-file-key={f.key}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {f.name}
                </Text>
                <Text size="xs" role="status">
                  {STATUS[f.status]}
                  {f.total !== null ? ` · ${formatBytes(f.received)} of ${formatBytes(f.total)}` : ''}
                </Text>
              </Group>
              <Progress
                size="xs"
                value={f.total ? (100 * f.received) / f.total : f.status === 'done' ? 100 : 0}
                aria-label={`Progress of ${f.name}`}
              />
              {f.note && (
                <Text size="xs" c="orange.9">
                  {f.note}
                </Text>
              )}
              {f.error && (
                <Text size="xs" c="red.8" role="alert">
                  {f.error}
                </Text>
              )}
              <Group gap={4} mt={2}>
                {f.status === 'downloading' ? (
                  <Button size="compact-xs" variant="default" onClick={() => cancelDownload(f.key)}>
                    Cancel {f.name}
                  </Button>
                ) : f.status !== 'done' ? (
                  <Button size="compact-xs" variant="default" onClick={() => void downloadFile(deps, f.key)}>
                    {f.status === 'failed' ? `Retry ${f.name}` : `Download ${f.name}`}
                  </Button>
                ) : null}
                {f.status !== 'downloading' && (
                  <Button size="compact-xs" variant="default" onClick={() => unpick(f.key)}>
                    Remove {f.name}
                  </Button>
                )}
              </Group>
            </li>
          ))}
        </Stack>
        {files.some((f) => f.status === 'failed') && (
          <Alert color="red" title="Some files failed">
            <Text size="sm">
              Retry them one by one, or download all again: each resumes where it stopped.
            </Text>
          </Alert>
        )}
        <Group gap="xs">
          <Button size="xs" onClick={() => void downloadAll(deps)} disabled={busy}>
            Download all
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() =>
              saveText(
                JSON.stringify(itemCollectionOf(files), null, 2),
                'swath-selection.json',
                'application/geo+json',
              )
            }
          >
            Export as STAC ItemCollection
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() =>
              saveText(
                curlScript(files, new URL(config.apiUrl, location.origin).href.replace(/\/$/, '')),
                'swath-download.sh',
                'text/x-shellscript',
              )
            }
          >
            Export as curl script
          </Button>
          <Button size="xs" variant="default" onClick={clear} disabled={busy}>
            Clear
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}
