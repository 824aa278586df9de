import '@mantine/core/styles/Skeleton.css'
import { Alert, Anchor, Button, Skeleton, Text, Typography } from '@mantine/core'
import { useQuery, type UseQueryOptions } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useConsoleServices } from '../../api/console-context'
import { whatToDo } from '../../api/errors'
import type { LinkedDocument, LinkFetch } from '../../api/links'
import { MAX_DOCUMENT_CHARS, sanitiseLicence } from './sanitise'
import classes from './licence-document.module.css'

const OpenLink = ({ url, title }: { url: string; title: string }) => (
  <Text size="sm">
    <Anchor href={url} target="_blank" rel="noopener noreferrer">
      Open “{title}” (opens in a new tab)
    </Anchor>
  </Text>
)

/**
 * How a document's text is read: `licenceDocumentOptions` from `data/licences`, handed in by the page (shared
 * components do not import the data layer; its key spelt out here).
 */
export type LicenceDocumentOptions = (
  fetchLink: LinkFetch,
  url: string,
) => UseQueryOptions<LinkedDocument, Error, LinkedDocument, readonly ['licence-document', string]>

/**
 * A licence document in a box of its own, shown wherever a licence is read (the checkout's gate, the licence
 * pages). HTML goes through the strict document profile (`sanitise.ts`); plain text is shown as text; a PDF,
 * or a document too large to show here, is a link the browser opens in a new tab.
 */
export function LicenceDocument({
  url,
  title,
  documentOptions,
}: {
  url: string
  title: string
  documentOptions: LicenceDocumentOptions
}) {
  const { fetchLink } = useConsoleServices()
  const doc = useQuery(documentOptions(fetchLink, url))
  const text = doc.data?.text ?? null
  const isHtml = doc.data?.contentType.includes('html') ?? false
  const tooLarge = text !== null && text.length > MAX_DOCUMENT_CHARS
  const html = useMemo(
    () => (text !== null && isHtml && !tooLarge ? sanitiseLicence(text) : ''),
    [text, isHtml, tooLarge],
  )
  if (doc.isLoading) return <Skeleton height={120} role="status" aria-label={`Loading ${title}`} />
  if (doc.error)
    return (
      <Alert color="red" title="The document could not be loaded">
        {whatToDo(doc.error)}{' '}
        <Button size="compact-xs" variant="default" onClick={() => void doc.refetch()}>
          Retry
        </Button>
      </Alert>
    )
  // A PDF (as the service's storage links usually are): the browser shows it better than any page could.
  if (text === null) return <OpenLink url={url} title={title} />
  if (tooLarge)
    return (
      <>
        <Text size="sm">This document is too large to show here.</Text>
        <OpenLink url={url} title={title} />
      </>
    )
  if (!isHtml)
    return (
      <pre className={classes.box} tabIndex={0} aria-label={`${title}, license text`}>
        {text}
      </pre>
    )
  return (
    <Typography
      className={classes.box}
      tabIndex={0}
      role="document"
      aria-label={`${title}, license text`}
      // Document markup only, by the strict profile just above: the only way to show the provider's formatting.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
