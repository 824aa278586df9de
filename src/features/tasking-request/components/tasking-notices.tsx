import { Alert, Anchor, Text } from '@mantine/core'
import type { Polygon } from 'geojson'
import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import { encodeTaskingShare, type SharedTasking } from '../../../data/orders/tasking-share'
import { windowOf } from '../../../data/orders/tasking-request'
import { ViewerShareNotice } from '../../../components/placing-flow/placing-flow'
import { SharedOutcomeNotice } from '../../../components/role-notice/role-notice'
import type { SharedOutcome } from '../../../components/role-notice/use-shared-draft'
import { formatUtc } from '../../../lib/format'
import { shareUrl } from '../../../lib/share-link'
import type { AgainOutcome } from '../use-request-again'
import type { TaskingModel } from '../use-tasking'

/**
 * The notes under the tasking request's title: what a shared link, a picked pass or "Request again" filled in,
 * and the Viewer's note with the link that shares the request. The Viewer learns before any work that the
 * request can be prepared and shared, not placed (decision 14).
 */
export function TaskingNotices({
  shared,
  again,
  mayPlace,
  hasCollections,
  model,
  aoi,
}: {
  shared: SharedOutcome<SharedTasking>
  again: AgainOutcome
  mayPlace: boolean
  /** Whether there is anything to share yet: the tasking collections are loaded and not empty. */
  hasCollections: boolean
  model: TaskingModel
  aoi: Polygon[]
}) {
  return (
    <>
      {shared?.kind === 'applied' && shared.value.pass ? (
        <PassNotice outcome={shared} />
      ) : (
        <SharedOutcomeNotice outcome={shared} what="request" />
      )}
      <AgainNotice outcome={again} />
      {!mayPlace && (
        <ViewerShareNotice
          title="You can prepare this request, not place it"
          what="request"
          url={
            hasCollections
              ? shareUrl(
                  paths.tasking(),
                  encodeTaskingShare({
                    aoi,
                    draft: {
                      collectionName: model.collection?.name,
                      dataProductId: model.product?.id,
                      params: model.params,
                      displayName: model.displayName,
                      tags: model.tags,
                    },
                  }),
                )
              : null
          }
        />
      )}
    </>
  )
}

/**
 * A request started from a pass picked in the catalog's "Archive or task": which pass, and what was filled
 * in. The window opens on the pass's day (or now, for a pass later today) so the pass is its first chance.
 */
function PassNotice({ outcome }: { outcome: SharedOutcome<SharedTasking> }) {
  if (outcome?.kind !== 'applied' || !outcome.value.pass) return null
  const { collection, sensor, start } = outcome.value.pass
  const window = windowOf(outcome.value.draft.params)
  return (
    <Alert color="teal" title="Filled in from a satellite pass" role="status" data-testid="pass-notice">
      <Text size="sm">
        The area, {collection} and an acquisition window
        {window ? ` from ${formatUtc(window.from)} to ${formatUtc(window.to)}` : ''} that opens with the pass
        of {sensor} at {formatUtc(start)}. Choose the product's parameters and check the request before you
        place it: nothing is placed until you confirm.
      </Text>
    </Alert>
  )
}

/** What "Request again" from an order's page did: filled the request from the order, or why not. */
function AgainNotice({ outcome }: { outcome: AgainOutcome }) {
  if (!outcome) return null
  if (outcome.kind === 'refused')
    return (
      <Alert color="yellow" title="The order could not be requested again" role="alert">
        <Text size="sm">{outcome.reason} Your own request is as you left it.</Text>
      </Alert>
    )
  return (
    <Alert color="teal" title="Filled in from an earlier order" role="status">
      <Text size="sm">
        The area, collection, data product and parameters of{' '}
        <Anchor component={Link} to={paths.order(outcome.orderId)}>
          {outcome.orderName}
        </Anchor>
        , with a new acquisition window starting today. Check the request before you place it: nothing is
        placed until you confirm.
      </Text>
    </Alert>
  )
}
