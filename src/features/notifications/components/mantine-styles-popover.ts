/**
 * The Mantine CSS of the notification center's dialog beyond the app's base: the desktop-notifications switch
 * (a bare checkbox without it). It loads with the dialog.
 */
import '@mantine/core/styles/InlineInput.css'
import '@mantine/core/styles/Switch.css'
