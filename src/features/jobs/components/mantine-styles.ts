/** The Mantine CSS of the job pages beyond the app's base: filters' pills and numbers, grids, skeletons, ids. */
import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Pill.css'
import '@mantine/core/styles/PillsInput.css'
import '@mantine/core/styles/NumberInput.css'
import '@mantine/core/styles/SimpleGrid.css'
import '@mantine/core/styles/Skeleton.css'
import '@mantine/core/styles/Code.css'
import '@mantine/core/styles/Tooltip.css'
