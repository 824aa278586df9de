/**
 * The Mantine CSS of the decisions pages beyond the app's base (src/app/mantine-base-styles.ts): skeletons
 * while they load, the ids in code blocks, the budget picker's dropdown scroll area.
 */
import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Skeleton.css'
import '@mantine/core/styles/Code.css'
