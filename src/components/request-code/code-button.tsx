import { Button, type ButtonProps } from '@mantine/core'
import { lazy, Suspense, useState } from 'react'
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
  return (
    <>
      <Button
        size={size}
        variant="default"
        aria-label={ariaLabel}
        aria-haspopup="dialog"
        disabled={disabled}
        onClick={() => setSet(requests())}
      >
        {label}
      </Button>
      {set && (
        <Suspense fallback={null}>
          <CodeDialog set={set} onClose={() => setSet(null)} />
        </Suspense>
      )}
    </>
  )
}
