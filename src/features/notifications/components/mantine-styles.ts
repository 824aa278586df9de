/**
 * The Mantine CSS of the notification center's bell beyond the app's base: the unread count on the bell
 * (without it the count sat above the bell, not on it). The dialog's own CSS loads with it.
 */
import '@mantine/core/styles/Indicator.css'
