import { Alert, Group, Text, TextInput } from '@mantine/core'
import type { SharedOutcome } from './use-shared-draft'
import { useId, type ReactNode } from 'react'
import { CopyTextButton } from '../copy-text-button'
import { SIGNED_IN_ONLY_LENGTH } from '../../lib/share-link'

/**
 * What this role may not do on a page that ends in a write, said at the top before any work starts (decision
 * 14): a calm note, not an error, with what the role can do instead below it.
 */
export function RoleNotice({ title, why, children }: { title: string; why: string; children?: ReactNode }) {
  return (
    <Alert color="blue" variant="light" title={title} role="note" data-testid="role-notice">
      <Text size="sm">{why}</Text>
      {children}
    </Alert>
  )
}

/**
 * The draft as a link, for someone who may place it: the address in a read-only field (selectable, readable
 * by a screen reader) and a Copy button beside it.
 */
export function ShareLink({ url, what }: { url: string; what: string }) {
  const hintId = useId()
  return (
    <>
      <Text size="sm" mt="xs">
        Share {what} with an account administrator or member as a link: opened by them, it fills in the same{' '}
        {what} for them to review and place.
      </Text>
      <Group gap="xs" mt={4} align="end" wrap="nowrap">
        <TextInput
          label={`Link to this ${what}`}
          value={url}
          readOnly
          onFocus={(e) => e.currentTarget.select()}
          size="xs"
          style={{ flex: 1, minWidth: 0 }}
          aria-describedby={url.length > SIGNED_IN_ONLY_LENGTH ? hintId : undefined}
        />
        <CopyTextButton value={url} label={`Copy the link to this ${what}`} />
      </Group>
      {url.length > SIGNED_IN_ONLY_LENGTH && (
        <Text size="xs" mt={4} id={hintId}>
          This link is long: it works for someone already signed in to the console.
        </Text>
      )}
    </>
  )
}

/** What became of a shared link: filled in, or why not (and that nothing was changed). */
export function SharedOutcomeNotice({ outcome, what }: { outcome: SharedOutcome; what: string }) {
  if (!outcome) return null
  if (outcome.kind === 'applied')
    return (
      <Alert color="teal" title="Filled in from a shared link" role="status">
        <Text size="sm">
          Check the {what} below before you place it: nothing is placed until you confirm.
        </Text>
      </Alert>
    )
  return (
    <Alert color="yellow" title="The shared link was not used" role="alert">
      <Text size="sm">
        {outcome.reason} Nothing was changed: your own {what} is as you left it.
      </Text>
    </Alert>
  )
}
