/**
 * The Mantine CSS of the generated order forms beyond the app's base (src/app/mantine-base-styles.ts): the
 * theme's object layout (Container, SimpleGrid), its array template (Fieldset; no order form has arrays yet),
 * the problem list above the form (List), and the inputs the widgets use beyond Input (NumberInput, Checkbox).
 */
import '@mantine/core/styles/Container.css'
import '@mantine/core/styles/SimpleGrid.css'
import '@mantine/core/styles/Fieldset.css'
import '@mantine/core/styles/List.css'
import '@mantine/core/styles/NumberInput.css'
import '@mantine/core/styles/CheckboxIndicator.css'
import '@mantine/core/styles/Checkbox.css'
