import { Alert, Button, Group, Loader, Text } from '@mantine/core'
import { lazy, Suspense, type ComponentProps } from 'react'
import { whatToDo } from '../../../api/errors'
import type { AoiPanel as AoiPanelType } from '../../../components/aoi/aoi-panel'
import { SearchForm } from './search-form'

// The AOI toolkit's panel (with its file and text formats) loads when the AOI is chosen as the search area.
const AoiPanel = lazy(() =>
  import('../../../components/aoi/aoi-panel').then((m) => ({ default: m.AoiPanel })),
)

type Props = Omit<ComponentProps<typeof SearchForm>, 'aoiTools'> & {
  /** The glossary's collections have arrived. */
  ready: boolean
  glossaryError: unknown
  onRetryGlossary: () => void
  /** The AOI toolkit's panel wiring (`useAoiTools().panelProps`). */
  panelProps: ComponentProps<typeof AoiPanelType>
}

/** The Search tab: the form once the glossary has named the hosts, or why it cannot be shown yet. */
export function SearchPanel({ ready, glossaryError, onRetryGlossary, panelProps, ...form }: Props) {
  if (glossaryError)
    return (
      <Alert color="red" title="The list of data hosts could not be loaded" role="alert">
        <Text size="sm">{whatToDo(glossaryError)}</Text>
        <Button mt="xs" size="xs" onClick={onRetryGlossary}>
          Try again
        </Button>
      </Alert>
    )
  if (!ready)
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" /> <Text size="sm">Loading data hosts…</Text>
      </Group>
    )
  return (
    <SearchForm
      {...form}
      aoiTools={
        <Suspense
          fallback={
            <Group gap="xs" role="status">
              <Loader size="xs" /> <Text size="sm">Loading the AOI tools…</Text>
            </Group>
          }
        >
          <AoiPanel {...panelProps} />
        </Suspense>
      }
    />
  )
}
