import { formatUtc } from '../../lib/format'

/**
 * Where the account stands with an unaccepted licence, in words: never accepted, or accepted in an earlier
 * version (acceptance resets with every new document). `documents` unknown (loading, failed): said neutrally.
 */
export function pendingLicenceText(
  documents:
    | readonly { isCurrent: boolean; isAccepted: boolean; version: number; acceptedAt?: string | null }[]
    | undefined,
): string {
  if (!documents) return 'This account has not accepted the current version of this license.'
  const earlier = documents
    .filter((d) => !d.isCurrent && d.isAccepted)
    .sort((a, b) => b.version - a.version)[0]
  if (!earlier) return 'This account has not accepted this license yet.'
  const when = earlier.acceptedAt ? ` on ${formatUtc(earlier.acceptedAt)}` : ''
  return `A new version waits: this account accepted version ${earlier.version}${when}, and each new version needs accepting again.`
}
