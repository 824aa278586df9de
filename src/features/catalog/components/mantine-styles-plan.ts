/** The Mantine CSS of the coverage plan's panel beyond the catalog page's own: its number fields. */
import '@mantine/core/styles/NumberInput.css'
