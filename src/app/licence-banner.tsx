import { Alert, Anchor, Text } from '@mantine/core'
import { Fragment, useState } from 'react'
import { Link } from 'react-router'
import { useSession } from '../api/console-context'
import { paths } from '../config/paths'
import { RELIED_ON_DAYS, useReliedOnLicences } from '../data/licences/use-relied-on-licences'

/**
 * Above every page: the licences the account relied on lately that have a new document nobody accepted yet,
 * each linked to its page. One line, so the map pages keep their height; loaded after the shell (its own
 * chunk), so no page's first load carries it.
 */
export default function LicenceBanner() {
  const { status } = useSession()
  const [now] = useState(() => Date.now())
  const waiting = useReliedOnLicences(status === 'signed-in', now)
  if (waiting.length === 0) return null
  const one = waiting.length === 1
  return (
    <section aria-label="Licenses waiting for acceptance">
      {/* A note, not an alert: it stays on every page, and must not be announced (or found) as one. */}
      <Alert color="orange" mb="sm" py={6} role="note">
        <Text size="sm">
          {one ? 'A license' : 'Licenses'} that orders of the last {RELIED_ON_DAYS} days used{' '}
          {one ? 'has a new version' : 'have new versions'} to accept before ordering again:{' '}
          {waiting.map((e, i) => (
            <Fragment key={e.id}>
              {i > 0 && ', '}
              <Anchor component={Link} to={paths.licence(e.id)} size="sm" fw={600}>
                Review and accept “{e.title}”
              </Anchor>
            </Fragment>
          ))}
          .
        </Text>
      </Alert>
    </section>
  )
}
