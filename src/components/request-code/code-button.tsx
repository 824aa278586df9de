import { Button, type ButtonProps } from '@mantine/core'
import { lazy, Suspense, useRef, useState } from 'react'
import type { CodeRequestSet } from '../../lib/request-code'

// The dialog and the snippet writers load on the first click: nothing of them is in any page's first load.
const CodeDialog = lazy(async () => ({ default: (await import('./code-dialog')).CodeDialog }))

/**
 * "Code": the requests the page would send, as curl, Python, TypeScript and the SDK's form, in a dialog. The
 * page hands over how to build them (`requests`), read when the dialog opens, so it costs nothing before.
 */
export function CodeButton({
  requests,
  label = 'Code',
  ariaLabel,
  size = 'xs',
  disabled,
}: {
  requests: () => CodeRequestSet | null
  label?: string
  /** A fuller name where several Code buttons share a page (each order line). */
  ariaLabel?: string
  size?: ButtonProps['size']
  disabled?: boolean
}) {
  const [set, setSet] = useState<CodeRequestSet | null>(null)
  const [opened, setOpened] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  return (
    <>
      <Button
        ref={button}
        size={size}
        variant="default"
        aria-label={ariaLabel}
        aria-haspopup="dialog"
        disabled={disabled}
        onClick={() => {
          const next = requests()
          setSet(next)
          setOpened(next !== null)
        }}
      >
        {label}
      </Button>
      {set && (
        <Suspense fallback={null}>
          <CodeDialog
            set={set}
            opened={opened}
            onClose={() => setOpened(false)}
            // Back to the button once the dialog is gone: the dialog mounts already open (its chunk loads on
            // the click), so Mantine has no element of its own to return focus to.
            onClosed={() => button.current?.focus()}
          />
        </Suspense>
      )}
    </>
  )
}
