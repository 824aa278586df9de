/** The Mantine CSS of the start page beyond the app's base: the cards' grid, lists and skeletons. */
import '@mantine/core/styles/SimpleGrid.css'
import '@mantine/core/styles/List.css'
import '@mantine/core/styles/Skeleton.css'
