/** How the decisions pages say things: kinds, decisions, who decided and when, study facts. Pure. */
import { formatUtc } from '../../lib/format'
import type { components } from '../../api/schema'
import type { DecisionKind } from './inbox'
import type { Decision } from '../../data/decisions/queries'

export const KIND_LABELS: Record<DecisionKind, string> = {
  study: 'Feasibility study',
  quotation: 'Quotation',
}

/** A decision in words; a study's only decision is the option chosen. */
export function decisionLabel(kind: DecisionKind, decision: Decision): string {
  if (decision === 'NOT_DECIDED') return 'Not decided'
  if (decision === 'REJECTED') return 'Rejected'
  return kind === 'study' ? 'Option chosen' : 'Accepted'
}

export const DECISION_COLORS: Record<Decision, string> = {
  NOT_DECIDED: 'orange',
  ACCEPTED: 'teal',
  REJECTED: 'red',
}

/** The start of an id, enough to tell two actors apart: "1a2b3c4d…". */
const shortId = (id: string): string => (id.length > 8 ? `${id.slice(0, 8)}…` : id)

/**
 * Who decided, readably: "you" for the signed-in user, "an administrator" for the service's ADMIN actors,
 * otherwise "another user (id 1a2b3c4d…)" — a whole UUID says nothing to a reader, its start tells two
 * apart. Without `me` the page cannot tell "another" user from this one, so it says "a user".
 */
export function decidedBy(
  id: string | null | undefined,
  type: string | null | undefined,
  me?: string,
): string {
  if (id && me && id.toLowerCase() === me.toLowerCase()) return 'you'
  const kind = type?.toUpperCase()
  if (kind === 'ADMIN') return 'an administrator'
  // The contract has seen USER and ADMIN; any other actor kind is named as the service names it.
  const actor = !kind || kind === 'USER' ? (me ? 'another user' : 'a user') : kind.toLowerCase()
  return id ? `${actor} (id ${shortId(id)})` : kind ? actor : 'someone'
}

interface Decided {
  decision: Decision
  decisionAt?: string | null
  decisionById?: string | null
  decisionByType?: string | null
}

/**
 * "You accepted this quotation on 22 Nov 2026 10:31 UTC" when this user decided (a lost answer or another
 * tab included: never "someone" for the same person), "Rejected by another user (id ffffffff…) on …"
 * otherwise; null while it waits.
 */
export function decisionSentence(kind: DecisionKind, item: Decided, me?: string): string | null {
  if (item.decision === 'NOT_DECIDED') return null
  const when = item.decisionAt ? ` on ${formatUtc(item.decisionAt)}` : ''
  const by = decidedBy(item.decisionById, item.decisionByType, me)
  if (by === 'you') {
    const what =
      kind === 'study'
        ? 'chose an option of this study'
        : `${item.decision === 'REJECTED' ? 'rejected' : 'accepted'} this quotation`
    return `You ${what}${when}`
  }
  const verb = item.decision === 'REJECTED' ? 'Rejected' : kind === 'study' ? 'Chosen' : 'Accepted'
  return `${verb} by ${by}${when}`
}

type Difficulty = components['schemas']['FeasibilityDifficulty']

export const DIFFICULTY_TEXT: Record<Difficulty, string> = {
  EASY: 'Easy: the provider expects to acquire this as asked.',
  MEDIUM: 'Medium: the acquisition is possible, with some risk from weather or satellite load.',
  HARD: 'Hard: the request as placed is unlikely to be acquired without changes.',
}

// Shared with the order page, which shows the chosen option too.
export { formatDays, formatWindow, paramTypeText, windowDays } from '../../lib/tasking-option'

const VIEWER_CANNOT_DECIDE =
  'Your role (Viewer) can look at tasking decisions but cannot take them: ask an account administrator to decide.'

/** Why this role may not decide quotations (`permissionsOf(user).decideQuotations` is false); null when it may. */
export function whyCannotDecideQuotations(role: string | undefined): string | null {
  if (role === 'VIEWER') return VIEWER_CANNOT_DECIDE
  if (role === 'MEMBER')
    return 'Your role (Member) can look at quotations but cannot accept or reject them: ask an account administrator to decide.'
  return null
}

/** Why this role may not choose study options; null when it may. */
export function whyCannotChooseOptions(role: string | undefined): string | null {
  return role === 'VIEWER' ? VIEWER_CANNOT_DECIDE : null
}
