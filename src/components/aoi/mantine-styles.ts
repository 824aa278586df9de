/**
 * The Mantine CSS of the area-of-interest toolkit (panel, basemap picker, workspace grid) beyond the app's
 * base (src/app/mantine-base-styles.ts), wherever it is shown: the catalog page and the areas page.
 */
import '@mantine/core/styles/FloatingIndicator.css'
import '@mantine/core/styles/Grid.css'
import '@mantine/core/styles/List.css'
import '@mantine/core/styles/SegmentedControl.css'
import '@mantine/core/styles/Tabs.css'
