import { Badge } from '@mantine/core'
import { COLLECTION_TYPE_LABELS, type CollectionType } from '../words'

/**
 * "Archive" or "Tasking", whole at any width: a badge's label ellipsises by default, and in a squeezed table
 * column it read "ARCHI…". The label never shrinks below its text, and the badge never shrinks at all. A dot
 * badge, as light badges fail contrast.
 */
export function CollectionTypeBadge({ type }: { type: CollectionType }) {
  return (
    <Badge
      variant="dot"
      tt="none"
      color={type === 'TASKING' ? 'grape' : 'blue'}
      styles={{
        root: { flexShrink: 0, overflow: 'visible', minWidth: 'max-content' },
        label: { overflow: 'visible', textOverflow: 'clip' },
      }}
    >
      {COLLECTION_TYPE_LABELS[type]}
    </Badge>
  )
}
