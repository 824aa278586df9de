/** The Mantine CSS of the change review beyond the app's base (src/app/mantine-base-styles.ts). */
import '@mantine/core/styles/Skeleton.css'
import '@mantine/core/styles/Code.css'
