import { Box, Text } from '@mantine/core'
import { Fragment } from 'react'
import type { components } from '../../../api/schema'
import { collectionFacts } from '../words'

export function CollectionFacts({ collection }: { collection: components['schemas']['Collection'] }) {
  return (
    <Box
      component="dl"
      m={0}
      style={{
        display: 'grid',
        gridTemplateColumns: 'max-content 1fr',
        columnGap: 'var(--mantine-spacing-lg)',
        rowGap: 'var(--mantine-spacing-xs)',
      }}
    >
      {collectionFacts(collection).map(([term, description]) => (
        <Fragment key={term}>
          <Text component="dt" size="sm" fw={600}>
            {term}
          </Text>
          <Text component="dd" size="sm" m={0}>
            {description}
          </Text>
        </Fragment>
      ))}
    </Box>
  )
}
