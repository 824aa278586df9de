import { Button, CopyButton } from '@mantine/core'

/** A small "Copy" button beside an id; it says "Copied" for a moment after a click. */
export function CopyTextButton({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button size="compact-xs" variant="default" onClick={copy} aria-label={label}>
          {copied ? 'Copied' : 'Copy'}
        </Button>
      )}
    </CopyButton>
  )
}
