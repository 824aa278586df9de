/** The Mantine CSS of the process pages beyond the app's base: cards, lists, grids, skeletons, ids, the gate. */
import '@mantine/core/styles/Card.css'
import '@mantine/core/styles/List.css'
import '@mantine/core/styles/SimpleGrid.css'
import '@mantine/core/styles/Skeleton.css'
import '@mantine/core/styles/Code.css'
import '@mantine/core/styles/Checkbox.css'
