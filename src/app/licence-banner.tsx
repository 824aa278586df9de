import { Alert, Anchor, Text } from '@mantine/core'
import { useState } from 'react'
import { Link } from 'react-router'
import { useSession } from '../api/console-context'
import { paths } from '../config/paths'
import { RELIED_ON_DAYS, useReliedOnLicences } from '../data/licences/use-relied-on-licences'
import classes from './licence-banner.module.css'

/**
 * Above every page: the licences the account relied on lately that have a new document nobody accepted yet,
 * each linked to its page. Loaded after the shell (its own chunk), so no page's first load carries it.
 */
export default function LicenceBanner() {
  const { status } = useSession()
  const [now] = useState(() => Date.now())
  const waiting = useReliedOnLicences(status === 'signed-in', now)
  if (waiting.length === 0) return null
  const one = waiting.length === 1
  return (
    <section aria-label="Licences waiting for acceptance">
      <Alert
        color="orange"
        mb="md"
        title={one ? 'A licence you rely on has a new version' : 'Licences you rely on have new versions'}
      >
        <Text size="sm">
          Orders of the last {RELIED_ON_DAYS} days used {one ? 'this licence' : 'these licences'}, and{' '}
          {one ? 'its' : 'their'} current document is not accepted yet: ordering their data products is
          blocked until it is.
        </Text>
        {/* A plain list: Mantine's List would be one more shared chunk on the catalog's first load. */}
        <ul className={classes.list}>
          {waiting.map((e) => (
            <li key={e.id}>
              <Anchor component={Link} to={paths.licence(e.id)} size="sm">
                Review and accept “{e.title}”
              </Anchor>
            </li>
          ))}
        </ul>
      </Alert>
    </section>
  )
}
