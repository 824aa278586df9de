/**
 * The Mantine CSS of the glossary list pages' controls beyond the app's base (which has Input, Combobox,
 * Popover): the Select and MultiSelect dropdowns' ScrollArea and pills, the segmented filters (the pager brings its own).
 */
import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/FloatingIndicator.css'
import '@mantine/core/styles/Pill.css'
import '@mantine/core/styles/PillsInput.css'
import '@mantine/core/styles/SegmentedControl.css'
