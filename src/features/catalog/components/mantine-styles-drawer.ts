/**
 * The Mantine CSS of the scene details drawer beyond the app's base (which has ModalBase, Overlay, Paper,
 * CloseButton, Button, Table…), loaded with the drawer's own chunk when it first opens.
 */
import '@mantine/core/styles/Drawer.css'
import '@mantine/core/styles/Image.css'
import '@mantine/core/styles/Code.css'
