/** How the decisions pages say things: kinds, decisions, who decided and when, study facts. Pure. */
import { formatUtc } from '../../components/time-axis/time-scale'
import type { components } from '../../api/schema'
import type { DecisionKind } from './inbox'
import type { Decision } from './queries'

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

/**
 * Who decided: "you" for the signed-in user, else the kind of actor and its id ("user 3f…", "admin 9c…"),
 * as the service names them.
 */
export function decidedBy(
  id: string | null | undefined,
  type: string | null | undefined,
  me?: string,
): string {
  if (id && me && id === me) return 'you'
  if (id && type) return `${type.toLowerCase()} ${id}`
  if (id) return id
  if (type) return type.toLowerCase()
  return 'someone'
}

interface Decided {
  decision: Decision
  decisionAt?: string | null
  decisionById?: string | null
  decisionByType?: string | null
}

/** "Chosen by you on 22 Nov 2026 10:31 UTC", "Rejected by user … on …"; null while it waits. */
export function decisionSentence(kind: DecisionKind, item: Decided, me?: string): string | null {
  if (item.decision === 'NOT_DECIDED') return null
  const verb = item.decision === 'REJECTED' ? 'Rejected' : kind === 'study' ? 'Chosen' : 'Accepted'
  const when = item.decisionAt ? ` on ${formatUtc(item.decisionAt)}` : ''
  return `${verb} by ${decidedBy(item.decisionById, item.decisionByType, me)}${when}`
}

/**
 * Whether a role may take tasking decisions. The service notes name Viewer and Member as the roles that
 * cannot; any other role (including ones this console does not know) may try, and the service decides.
 */
export const canDecide = (role: string | null | undefined): boolean => role !== 'VIEWER' && role !== 'MEMBER'

export function whyCannotDecide(role: string | null | undefined): string | null {
  if (canDecide(role)) return null
  const name = role === 'VIEWER' ? 'Viewer' : 'Member'
  return `Your role (${name}) can look at tasking decisions but cannot take them: ask an account administrator to decide.`
}

type Difficulty = components['schemas']['FeasibilityDifficulty']

export const DIFFICULTY_TEXT: Record<Difficulty, string> = {
  EASY: 'Easy: the provider expects to acquire this as asked.',
  MEDIUM: 'Medium: the acquisition is possible, with some risk from weather or satellite load.',
  HARD: 'Hard: the request as placed is unlikely to be acquired without changes.',
}

export function paramTypeText(paramType: 'ORIGINAL' | 'ALTERNATE' | null): string {
  if (paramType === 'ORIGINAL') return 'The options keep your parameters (original parameters).'
  if (paramType === 'ALTERNATE')
    return 'The options change some of your parameters (alternate parameters): read each one before choosing.'
  return 'The study does not say whether the options keep your parameters.'
}

const DAY_MS = 86_400_000

/** The length of a window in days, to a tenth; null when either end is missing or unreadable. */
export function windowDays(start: string | null | undefined, end: string | null | undefined): number | null {
  const a = start ? Date.parse(start) : NaN
  const b = end ? Date.parse(end) : NaN
  if (Number.isNaN(a) || Number.isNaN(b) || b < a) return null
  return Math.round(((b - a) / DAY_MS) * 10) / 10
}

export const formatDays = (days: number | null): string =>
  days === null ? '—' : `${days.toLocaleString('en')} ${days === 1 ? 'day' : 'days'}`

/** "2 Nov 2026 09:00 UTC – 23 Nov 2026 09:00 UTC (21 days)". */
export function formatWindow(start: string | null | undefined, end: string | null | undefined): string {
  if (!start || !end) return 'Not given'
  return `${formatUtc(start)} – ${formatUtc(end)} (${formatDays(windowDays(start, end))})`
}
