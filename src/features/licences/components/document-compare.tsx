import '@mantine/core/styles/Skeleton.css'
import { Alert, Anchor, Button, Group, NativeSelect, Skeleton, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useConsoleServices } from '../../../api/console-context'
import { whatToDo } from '../../../api/errors'
import { licenceDocumentOptions, type EulaDocument } from '../../../data/licences/queries'
import { diffDocuments, diffSummary, documentLines, isTextDocument } from '../document-diff'
import classes from './document-compare.module.css'

/**
 * Two versions of a licence side by side as one list of lines: what the newer one removed and added. Both
 * texts come from the viewer's own cache entries and go through its sanitiser before they are compared.
 */
export function DocumentCompare({
  documents,
  from,
  to,
  onChange,
}: {
  documents: EulaDocument[]
  from: EulaDocument
  to: EulaDocument
  onChange: (from: number, to: number) => void
}) {
  const { fetchLink } = useConsoleServices()
  const older = useQuery(licenceDocumentOptions(fetchLink, from.url))
  const newer = useQuery(licenceDocumentOptions(fetchLink, to.url))
  const options = documents.map((d) => ({ value: String(d.version), label: `Version ${d.version}` }))
  const lines = useMemo(() => {
    if (!older.data || !newer.data) return null
    if (older.data.text === null || newer.data.text === null) return null
    if (!isTextDocument(older.data.contentType) || !isTextDocument(newer.data.contentType)) return null
    return diffDocuments(
      documentLines(older.data.text, older.data.contentType),
      documentLines(newer.data.text, newer.data.contentType),
    )
  }, [older.data, newer.data])
  const notText = [
    [from, older.data],
    [to, newer.data],
  ].filter(([, d]) => d && (d as { text: string | null }).text === null) as [EulaDocument, unknown][]
  const failed = older.error ?? newer.error
  const summary = lines ? diffSummary(lines) : null
  return (
    <Stack gap="sm">
      <Group align="flex-end">
        <NativeSelect
          label="Older version"
          value={String(from.version)}
          data={options}
          onChange={(e) => onChange(Number(e.currentTarget.value), to.version)}
        />
        <NativeSelect
          label="Newer version"
          value={String(to.version)}
          data={options}
          onChange={(e) => onChange(from.version, Number(e.currentTarget.value))}
        />
      </Group>
      {from.version === to.version ? (
        <Text size="sm">Choose two different versions to see what changed.</Text>
      ) : failed ? (
        <Alert color="red" title="A version could not be loaded">
          {whatToDo(failed)}{' '}
          <Button
            size="compact-xs"
            variant="default"
            onClick={() => {
              void older.refetch()
              void newer.refetch()
            }}
          >
            Retry
          </Button>
        </Alert>
      ) : notText.length > 0 ? (
        <Alert color="gray" title="Only text documents can be compared">
          {notText.map(([d]) => (
            <Text size="sm" key={d.id}>
              Version {d.version} is not a text document:{' '}
              <Anchor href={d.url} target="_blank" rel="noopener noreferrer">
                open version {d.version} (opens in a new tab)
              </Anchor>
              .
            </Text>
          ))}
        </Alert>
      ) : !lines || !summary ? (
        <Skeleton height={120} role="status" aria-label="Loading both versions" />
      ) : (
        <>
          <Text size="sm" data-testid="diff-summary">
            From version {from.version} to version {to.version}:{' '}
            {summary.added + summary.removed === 0
              ? 'the text is the same.'
              : `${summary.added} ${summary.added === 1 ? 'line' : 'lines'} added, ${summary.removed} removed.`}
          </Text>
          <ol
            className={classes.diff}
            aria-label={`Changes from version ${from.version} to version ${to.version}`}
          >
            {lines.map((l, i) => (
              <li key={i} className={classes[l.kind]}>
                {l.kind === 'added' ? (
                  <ins>
                    <span className={classes.sign}>Added: </span>
                    {l.text}
                  </ins>
                ) : l.kind === 'removed' ? (
                  <del>
                    <span className={classes.sign}>Removed: </span>
                    {l.text}
                  </del>
                ) : (
                  l.text
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </Stack>
  )
}
