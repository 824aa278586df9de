import '@mantine/core/styles/Skeleton.css'
import { Skeleton, Stack } from '@mantine/core'

/** Placeholder rows while a list or page loads for the first time; announced by its label. */
export function ListSkeleton({ label, rows = 5 }: { label: string; rows?: number }) {
  return (
    <Stack gap="xs" role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={32} />
      ))}
    </Stack>
  )
}
