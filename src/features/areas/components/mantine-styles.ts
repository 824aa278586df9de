/**
 * The Mantine CSS of the areas page and its geometry library beyond the app's base (which has Modal,
 * Popover, Input, ActionIcon…); the AOI toolkit brings its own.
 */
import '@mantine/core/styles/Menu.css'
import '@mantine/core/styles/Skeleton.css'
