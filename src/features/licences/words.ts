import type { Eula, EulaDocument } from '../../data/licences/queries'
import { formatUtc } from '../../lib/format'

export type LicenceState = 'accepted' | 'new-version' | 'not-accepted'

/**
 * Where the account stands with a licence: its current document accepted; a newer document waiting after an
 * older one was accepted (acceptance resets with every new version); or never accepted. `documents` may be
 * unknown (still loading): an unaccepted licence then reads as not accepted.
 */
export function licenceState(eula: Eula, documents?: readonly EulaDocument[]): LicenceState {
  if (eula.isAccepted) return 'accepted'
  return documents?.some((d) => !d.isCurrent && d.isAccepted) ? 'new-version' : 'not-accepted'
}

export const STATE_LABELS: Record<LicenceState, { label: string; color: string }> = {
  accepted: { label: 'Accepted', color: 'green.9' },
  'new-version': { label: 'New version waits', color: 'orange.9' },
  'not-accepted': { label: 'Not accepted', color: 'gray.7' },
}

/** Who accepted, as the service names them: "you" for the signed-in user, else the user's id. */
export function acceptedBy(id: string | null | undefined, me: string | null | undefined): string {
  if (!id) return 'an unknown user'
  return id === me ? 'you' : `user ${id}`
}

/** "Accepted by you on 2026-…", or null when nothing is accepted. */
export function acceptanceLine(
  a: { isAccepted: boolean; acceptedAt?: string | null; acceptedById?: string | null },
  me: string | null | undefined,
): string | null {
  if (!a.isAccepted) return null
  return `Accepted by ${acceptedBy(a.acceptedById, me)}${a.acceptedAt ? ` on ${formatUtc(a.acceptedAt)}` : ''}`
}

/** The most recent earlier version the account accepted, for "version 1 was accepted …". */
export function lastAcceptedEarlier(documents: readonly EulaDocument[]): EulaDocument | null {
  return (
    [...documents].filter((d) => !d.isCurrent && d.isAccepted).sort((a, b) => b.version - a.version)[0] ??
    null
  )
}
