/**
 * The Mantine CSS of the notification center beyond the app's base: the unread count on the bell (without it
 * the count sat above the bell, not on it) and the desktop-notifications switch (a bare checkbox without it).
 */
import '@mantine/core/styles/Indicator.css'
import '@mantine/core/styles/InlineInput.css'
import '@mantine/core/styles/Switch.css'
