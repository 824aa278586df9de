import { Badge } from '@mantine/core'
import { JOB_STATUS_LABELS, jobOutcome, type JobStatus } from '../../../data/processing/status'

const COLORS = { running: 'blue', succeeded: 'green', failed: 'red' } as const

/** A job status as a coloured dot and its words (the dot variant keeps the text readable in both themes). */
export function JobStatusBadge({ status }: { status: JobStatus }) {
  return (
    <Badge variant="dot" color={COLORS[jobOutcome(status)]} tt="none" title={status}>
      {JOB_STATUS_LABELS[status]}
    </Badge>
  )
}
