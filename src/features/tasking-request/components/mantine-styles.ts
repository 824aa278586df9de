/**
 * The Mantine CSS of the tasking request beyond the app's base (src/app/mantine-base-styles.ts). The order forms
 * bring theirs (components/schema-form/mantine-styles.ts). Imported first by the page, so Mantine's rules
 * come before tasking.module.css.
 */
import '@mantine/core/styles/FloatingIndicator.css'
import '@mantine/core/styles/InlineInput.css'
import '@mantine/core/styles/Checkbox.css'
import '@mantine/core/styles/SegmentedControl.css'
import '@mantine/core/styles/Pill.css'
import '@mantine/core/styles/PillsInput.css'
import '@mantine/core/styles/SimpleGrid.css'
import '@mantine/core/styles/Skeleton.css'
import '@mantine/core/styles/Stepper.css'
import '@mantine/core/styles/Typography.css'
import '@mantine/core/styles/List.css'
