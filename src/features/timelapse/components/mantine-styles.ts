/** The Mantine CSS of the time-lapse page beyond the app's base (src/app/mantine-base-styles.ts). */
import '@mantine/core/styles/FloatingIndicator.css'
import '@mantine/core/styles/SegmentedControl.css'
import '@mantine/core/styles/Slider.css'
import '@mantine/core/styles/Skeleton.css'
import '@mantine/core/styles/Progress.css'
import '@mantine/core/styles/NumberInput.css'
import '@mantine/core/styles/Code.css'
import '@mantine/core/styles/Switch.css'
