import './mantine-styles'
import { Alert, Anchor, Button, Code, Group, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { MultiPolygon, Polygon } from 'geojson'
import { useMemo } from 'react'
import { Link } from 'react-router'
import { useApiClient } from '../../../api/console-context'
import { DetailFailure, DetailLoading } from '../../../components/detail-states'
import { paths } from '../../../config/paths'
import { itemOptions } from '../../../data/storage/queries'
import { polygonsOf } from '../../../lib/geo/rings'
import type { TimelapseSubject } from '../url-state'
import { useTimelapseView } from '../use-timelapse-view'
import { TimelapseView } from './timelapse-view'

/**
 * A time-lapse of a place (issue 42 §4): the route of its own, `/timelapse?aoi=…` or `?item=<collection>/<item>`
 * (that item's footprint), with its filters and picture's view in the URL.
 */
export function TimelapsePage() {
  const [state, update] = useTimelapseView()
  const { subject } = state
  if (state.problem || !subject)
    return (
      <Stack gap="md">
        <Title order={1}>Time-lapse</Title>
        {state.problem ? (
          <Alert color="red" title="This link cannot be opened">
            {state.problem}
          </Alert>
        ) : (
          <Text>
            A time-lapse plays every delivered image of one place in time order. Open one from a stored
            item&apos;s page (&ldquo;Time-lapse of this place&rdquo;) or from Storage, which offers the area
            you drew.
          </Text>
        )}
        <Group>
          <Button component={Link} to={paths.storage()} variant="default">
            Go to storage
          </Button>
        </Group>
      </Stack>
    )
  return (
    <SubjectArea subject={subject}>
      {(area, title, back) => (
        <TimelapseView
          area={area}
          title={title}
          back={back}
          filters={state.filters}
          frames={state.frames}
          view={state.view}
          quicklooks={state.quicklooks}
          onFilters={(filters) => update({ filters })}
          onView={(view) => update({ view })}
          onQuicklooks={(quicklooks) => update({ quicklooks })}
        />
      )}
    </SubjectArea>
  )
}

type Back = { to: string; label: string } | null

/** The area of the subject: the link's own, or the stored item's footprint (read first). */
function SubjectArea({
  subject,
  children,
}: {
  subject: TimelapseSubject
  children: (area: Polygon[], title: string, back: Back) => React.ReactNode
}) {
  if (subject.kind === 'area') return <>{children(subject.polygons, 'Time-lapse of the area', null)}</>
  return <ItemArea collectionId={subject.collectionId} itemId={subject.itemId} render={children} />
}

function ItemArea({
  collectionId,
  itemId,
  render,
}: {
  collectionId: string
  itemId: string
  render: (area: Polygon[], title: string, back: Back) => React.ReactNode
}) {
  const client = useApiClient()
  const q = useQuery(itemOptions(client, collectionId, itemId))
  const item = q.data
  const area = useMemo(() => {
    const g = item?.geometry as Polygon | MultiPolygon | null | undefined
    return g && (g.type === 'Polygon' || g.type === 'MultiPolygon') ? polygonsOf(g) : null
  }, [item])
  if (q.error && !item)
    return (
      <DetailFailure
        thing="item"
        error={q.error}
        missingText={
          <>
            No stored item <Code>{itemId}</Code> is in that collection: its time-lapse cannot be made.
          </>
        }
        onRetry={() => void q.refetch()}
        back={{ to: paths.storage(), label: 'Storage' }}
      />
    )
  if (!item) return <DetailLoading label="Loading the item" body={320} />
  const title =
    typeof item.properties.title === 'string' && item.properties.title ? item.properties.title : item.id
  const back = { to: paths.storageItem(collectionId, itemId), label: 'The item' }
  if (!area)
    return (
      <Stack gap="md">
        <Title order={1}>Time-lapse of {title}</Title>
        <Alert color="yellow" title="This item has no footprint">
          Its time-lapse needs the place it covers.{' '}
          <Anchor component={Link} to={back.to}>
            Back to the item
          </Anchor>
        </Alert>
      </Stack>
    )
  return <>{render(area, `Time-lapse of ${title}`, back)}</>
}
