/**
 * The Mantine CSS of the catalog page (search form, tabs, result list, basket) beyond
 * what the app's base already loads (src/app/mantine-base-styles.ts: Button, Input, NativeSelect's
 * Combobox, Paper, Text…). The area-of-interest toolkit brings its own (components/aoi/mantine-styles.ts),
 * and so do the scene drawer and the quicklook panel, chunks of their own (mantine-styles-drawer.ts,
 * mantine-styles-quicklooks.ts).
 * Imported first by the page, so Mantine's rules come before catalog.module.css, as under the global
 * stylesheet. Files the base loads are not repeated here: imported from a page too, the build would move
 * them out of the first stylesheet into a shared one, loaded ahead of baseline.css and out of order.
 */
import '@mantine/core/styles/FloatingIndicator.css'
import '@mantine/core/styles/InlineInput.css'
import '@mantine/core/styles/Checkbox.css'
import '@mantine/core/styles/SegmentedControl.css'
import '@mantine/core/styles/Tabs.css'
