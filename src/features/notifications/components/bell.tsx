import '@mantine/core/styles/Indicator.css'
import { ActionIcon, Indicator } from '@mantine/core'
import { forwardRef, useEffect, useImperativeHandle, useRef, type ComponentPropsWithoutRef } from 'react'

function BellIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  )
}

type BellProps = Omit<ComponentPropsWithoutRef<'button'>, 'color' | 'style'> & {
  unread: number
  expanded: boolean
  autoFocus?: boolean
}

/**
 * The bell button with the unread count on it, the same before and after its dialog's module loads. The
 * popover's roles (aria-haspopup, aria-expanded, and what Popover.Target adds) go on the button itself, not
 * on the indicator's plain div (axe: aria-allowed-attr), so the ref and the target's props reach the button.
 */
export const Bell = forwardRef<HTMLButtonElement, BellProps>(function Bell(
  { unread, expanded, autoFocus = false, ...button },
  ref,
) {
  const own = useRef<HTMLButtonElement>(null)
  useImperativeHandle(ref, () => own.current as HTMLButtonElement)
  // Once, on mount: the bell that came with the dialog takes the focus the plain bell had.
  useEffect(() => {
    if (autoFocus) own.current?.focus()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the first render's wish counts
  }, [])
  return (
    <Indicator
      label={unread > 99 ? '99+' : unread}
      size={16}
      disabled={unread === 0}
      color="red.8"
      offset={4}
    >
      <ActionIcon
        {...button}
        ref={own}
        variant="default"
        size="lg"
        aria-label={unread > 0 ? `Notifications: ${unread} unread` : 'Notifications'}
        aria-haspopup="dialog"
        aria-expanded={expanded}
      >
        <BellIcon />
      </ActionIcon>
    </Indicator>
  )
})
