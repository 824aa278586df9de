import { Notifications } from '@mantine/notifications'
import '@mantine/notifications/styles.css'

/** The toast stack: its own chunk, which the shell loads when the first toast is shown (see `Toasts`). */
export default function ToastStack() {
  return <Notifications position="bottom-right" />
}
