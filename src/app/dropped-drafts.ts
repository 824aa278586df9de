import { notifications } from '@mantine/notifications'
import { useEffect } from 'react'
import { onDraftDropped, takeDroppedDrafts } from '../lib/draft-storage'

/** What each kept draft is, in the analyst's words. */
const DRAFT_WORDS: Record<string, string> = {
  'swath.aoi': 'area of interest',
  'swath.basket': 'basket',
  'swath.checkout': 'checkout',
  'swath.tasking': 'tasking request',
  'swath.launch': 'job launch forms',
  'swath.decisions': 'decisions being checked',
  'swath.notifications': 'notification read marks',
  'swath.attention-dismissed': 'dismissed attention items',
  'swath.budget-thresholds': 'budget thresholds',
  'swath.saved-searches': 'saved searches',
}

/** The sentence for a dropped draft. */
export const droppedDraftMessage = (name: string) =>
  `Your ${DRAFT_WORDS[name] ?? 'draft'} kept in this browser could not be read (it was not written by this ` +
  'console, or was changed since), so it was set aside and the page starts afresh. Nothing else changed.'

/**
 * Says, once each, which kept drafts were dropped as unreadable (`lib/draft-storage.ts`): at the shell's
 * first render for those dropped while the tab started, and as it happens afterwards (another user's drafts
 * read at sign-in).
 */
export function useDroppedDraftMessages(): void {
  useEffect(() => {
    const say = () => {
      for (const name of takeDroppedDrafts())
        notifications.show({
          color: 'yellow',
          title: 'A draft could not be read',
          message: droppedDraftMessage(name),
          autoClose: 20_000,
        })
    }
    say()
    return onDraftDropped(say)
  }, [])
}
