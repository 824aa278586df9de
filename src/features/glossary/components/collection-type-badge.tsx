import { Badge } from '@mantine/core'
import { COLLECTION_TYPE_LABELS, type CollectionType } from '../labels'

export function CollectionTypeBadge({ type }: { type: CollectionType }) {
  return (
    <Badge
      variant="light"
      color={type === 'TASKING' ? 'grape' : 'blue'}
      style={{ flexShrink: 0, overflow: 'visible' }}
      miw="fit-content"
    >
      {COLLECTION_TYPE_LABELS[type]}
    </Badge>
  )
}
