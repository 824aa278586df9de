import { permissionsOf } from '../../../api/console-context'
import { paths } from '../../../config/paths'
import type { TaskingListQuery } from '../../../data/decisions/keys'
import { quotationListOptions, studyListOptions } from '../../../data/decisions/queries'
import { orderNamesOptions } from '../../../data/orders/queries'
import { countLabel, formatCredits } from '../../../lib/format'
import { shortDay } from '../words'
import { readFresh, type NotificationSource } from './source'

/** A waiting study or quotation: when the service created it, its order and what it is about. */
export interface Waiting {
  createdAt: string
  orderId: string
  /** The order's name, when the service gave it (the entry names the order by its id otherwise). */
  order?: string
  /** A quotation's price, or a study's number of options. */
  credits?: number
  options?: number
}

export interface DecisionsSnapshot {
  /** Waiting studies and quotations by id. */
  studies: Record<string, Waiting>
  quotations: Record<string, Waiting>
}

const QUERY: TaskingListQuery = { decision: ['NOT_DECIDED'], size: 50, sort: 'createdAt,desc' }

/**
 * Feasibility studies and quotations waiting for a decision, each named by its order with what it asks
 * ("Quotation for Nile delta survey: 4,840 credits"). Unlike history, what waits is news even on the first
 * read: a user's first look at the centre lists what is waiting for them.
 */
export const decisionsSource: NotificationSource<DecisionsSnapshot> = {
  id: 'decisions',
  enabled: () => true,
  read: async (ctx, previous) => {
    const [studies, quotations] = await Promise.all([
      readFresh(ctx, studyListOptions(ctx.client, QUERY)),
      readFresh(ctx, quotationListOptions(ctx.client, QUERY)),
    ])
    // The orders' names the last read learnt are kept: only a decision about an order not named yet asks the
    // orders list (which the orders source reads each round), so an idle round reads it once, not twice.
    const nameOf = new Map<string, string>()
    for (const w of [...Object.values(previous?.studies ?? {}), ...Object.values(previous?.quotations ?? {})])
      if (w.order !== undefined) nameOf.set(w.orderId, w.order)
    const ids = [...new Set([...studies.content, ...quotations.content].map((i) => i.orderId))]
      .filter((id) => !nameOf.has(id))
      .sort()
    // Without the names the entries name the order by its id.
    const names =
      ids.length > 0 ? await readFresh(ctx, orderNamesOptions(ctx.client, ids)).catch(() => []) : []
    for (const o of names) nameOf.set(o.id, o.displayName)
    const waiting = (i: { createdAt: string; orderId: string }, more: Partial<Waiting>): Waiting => ({
      createdAt: i.createdAt,
      orderId: i.orderId,
      order: nameOf.get(i.orderId),
      ...more,
    })
    return {
      studies: Object.fromEntries(
        studies.content.map((s) => [s.id, waiting(s, { options: s.options?.length ?? 0 })]),
      ),
      quotations: Object.fromEntries(
        quotations.content.map((q) => [q.id, waiting(q, { credits: q.creditsPrice })]),
      ),
    }
  },
  diff: (previous, next, user) => {
    const yours = permissionsOf(user).decideStudies
    const found = (kind: 'study' | 'quotation') => {
      const items = kind === 'study' ? next.studies : next.quotations
      const before = kind === 'study' ? previous?.studies : previous?.quotations
      return Object.entries(items)
        .filter(([id]) => !before || !(id in before))
        .map(([id, w]) => {
          const order = w.order ?? `order ${w.orderId.slice(0, 8)}`
          const what =
            kind === 'quotation'
              ? `Quotation for ${order}: ${formatCredits(w.credits ?? 0)} credits`
              : `Feasibility study for ${order}: ${countLabel(w.options ?? 0, 'option')}`
          return {
            key: `${kind}:${id}`,
            title: `${what}, waiting since ${shortDay(w.createdAt)}`,
            detail: yours ? 'Waits for your decision' : 'Waits for a decision by an administrator or member',
            href: kind === 'study' ? paths.study(id) : paths.quotation(id),
            when: w.createdAt,
          }
        })
    }
    return [...found('study'), ...found('quotation')]
  },
}
