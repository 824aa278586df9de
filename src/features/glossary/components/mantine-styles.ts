/**
 * The Mantine CSS of what every glossary view shows (tables, badges, skeletons, lists) beyond the app's
 * base (src/app/mantine-base-styles.ts: Table, Badge, Alert, Button, Anchor…). The start page's collections
 * overview uses it too, so the list pages' filter and paging controls are kept apart
 * (mantine-styles-lists.ts) and the start page does not load them.
 */
import '@mantine/core/styles/Code.css'
import '@mantine/core/styles/List.css'
import '@mantine/core/styles/Skeleton.css'
