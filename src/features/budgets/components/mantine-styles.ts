/** The Mantine CSS of the budget pages beyond the app's base (src/app/mantine-base-styles.ts). */
import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Skeleton.css'
import '@mantine/core/styles/SegmentedControl.css'
import '@mantine/core/styles/FloatingIndicator.css'
import '@mantine/core/styles/ColorSwatch.css'
