/**
 * The Mantine CSS of the storage pages beyond the app's base (src/app/mantine-base-styles.ts): filters
 * (pills, checkboxes, segmented control), paging, skeletons, ids, the download manager's progress and the files table's unseen headers.
 */
import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Pill.css'
import '@mantine/core/styles/PillsInput.css'
import '@mantine/core/styles/Skeleton.css'
import '@mantine/core/styles/Code.css'
import '@mantine/core/styles/Tooltip.css'
import '@mantine/core/styles/FloatingIndicator.css'
import '@mantine/core/styles/InlineInput.css'
import '@mantine/core/styles/Checkbox.css'
import '@mantine/core/styles/SegmentedControl.css'
import '@mantine/core/styles/Image.css'
import '@mantine/core/styles/VisuallyHidden.css'
