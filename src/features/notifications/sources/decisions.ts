import { permissionsOf } from '../../../api/console-context'
import { paths } from '../../../config/paths'
import type { TaskingListQuery } from '../../../data/decisions/keys'
import { quotationListOptions, studyListOptions } from '../../../data/decisions/queries'
import { formatUtc } from '../../../lib/format'
import { readFresh, type NotificationSource } from './source'

export interface DecisionsSnapshot {
  /** Waiting studies and quotations: id → when the service created it. */
  studies: Record<string, string>
  quotations: Record<string, string>
}

const QUERY: TaskingListQuery = { decision: ['NOT_DECIDED'], size: 50, sort: 'createdAt,desc' }

const byId = (page: { content: { id: string; createdAt: string }[] }) =>
  Object.fromEntries(page.content.map((i) => [i.id, i.createdAt]))

/**
 * Feasibility studies and quotations waiting for a decision. Unlike history, what waits is news even on the
 * first read: a user's first look at the centre lists what is waiting for them.
 */
export const decisionsSource: NotificationSource<DecisionsSnapshot> = {
  id: 'decisions',
  enabled: () => true,
  read: async (ctx) => {
    const [studies, quotations] = await Promise.all([
      readFresh(ctx, studyListOptions(ctx.client, QUERY)),
      readFresh(ctx, quotationListOptions(ctx.client, QUERY)),
    ])
    return { studies: byId(studies), quotations: byId(quotations) }
  },
  diff: (previous, next, user) => {
    const verb = permissionsOf(user).decideStudies ? 'waits for your decision' : 'waits for a decision'
    const found = (kind: 'study' | 'quotation') => {
      const items = kind === 'study' ? next.studies : next.quotations
      const before = kind === 'study' ? previous?.studies : previous?.quotations
      return Object.entries(items)
        .filter(([id]) => !before || !(id in before))
        .map(([id, createdAt]) => ({
          key: `${kind}:${id}`,
          title: `A ${kind === 'study' ? 'feasibility study' : 'quotation'} ${verb}`,
          detail: `Since ${formatUtc(createdAt)}`,
          href: kind === 'study' ? paths.study(id) : paths.quotation(id),
        }))
    }
    return [...found('study'), ...found('quotation')]
  },
}
