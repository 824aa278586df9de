import { paths } from '../../../config/paths'
import { eulaListOptions } from '../../../data/licences/queries'
import { readFresh, type NotificationSource } from './source'

export interface LicencesSnapshot {
  /** id → its current document and whether the account accepted it. */
  eulas: Record<string, { doc: string; accepted: boolean; title: string }>
}

/** The start page's licence list: one request serves both. */
const QUERY = { size: 100, sort: 'title,asc' }

/** A licence whose current version is no longer the accepted one: a new version to accept. */
export const licencesSource: NotificationSource<LicencesSnapshot> = {
  id: 'licences',
  enabled: () => true,
  read: async (ctx) => {
    const page = await readFresh(ctx, eulaListOptions(ctx.client, QUERY))
    return {
      eulas: Object.fromEntries(
        page.content.map((e) => [
          e.id,
          { doc: e.currentDocumentId ?? '', accepted: e.isAccepted, title: e.title },
        ]),
      ),
    }
  },
  diff: (previous, next) => {
    if (!previous) return []
    return Object.entries(next.eulas).flatMap(([id, e]) => {
      const before = previous.eulas[id]
      if (e.accepted || !before || (before.doc === e.doc && !before.accepted)) return []
      return [
        {
          key: `licence:${id}`,
          title: `“${e.title}” has a new version to accept`,
          detail: 'Orders and jobs under it wait until it is accepted',
          href: paths.licence(id),
        },
      ]
    })
  },
}
