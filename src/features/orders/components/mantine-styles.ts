/**
 * The Mantine CSS of the orders pages beyond the app's base (src/app/mantine-base-styles.ts: Table, Badge,
 * Alert, Button, Modal, Input, Combobox…): the filters' pills and dropdown scroll areas, skeletons,
 * the copy button's tooltip and the code blocks of ids.
 */
import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Pill.css'
import '@mantine/core/styles/PillsInput.css'
import '@mantine/core/styles/Skeleton.css'
import '@mantine/core/styles/Code.css'
import '@mantine/core/styles/Tooltip.css'
import '@mantine/core/styles/SimpleGrid.css'
import '@mantine/core/styles/List.css'
