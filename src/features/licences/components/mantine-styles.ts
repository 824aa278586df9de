/** The Mantine CSS of the licence pages beyond the app's base (src/app/mantine-base-styles.ts). */
import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Skeleton.css'
import '@mantine/core/styles/List.css'
import '@mantine/core/styles/Typography.css'
import '@mantine/core/styles/VisuallyHidden.css'
