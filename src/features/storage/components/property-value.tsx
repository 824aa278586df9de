import '@mantine/core/styles/Code.css'
import { Anchor, Code, Group } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { useApiClient, useSession } from '../../../api/console-context'
import { CopyTextButton } from '../../../components/copy-text-button'
import { paths } from '../../../config/paths'
import { collectionOptions } from '../../../data/glossary/queries'
import { STATUS_LABELS, type OrderStatus } from '../../../data/orders/status'
import { useJobName } from '../use-job-name'
import { SOURCE_WORDS, str } from '../words'
import { valueText } from '../property-groups'
import { orderLabel } from '../use-order-names'

/** "Asset ID" → "asset ID": a label inside a sentence. */
const lowerFirst = (label: string) => label.replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase())

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

interface PropertyValueProps {
  name: string
  label: string
  value: unknown
  /** Order names already asked for by the page. */
  orderNames: ReadonlyMap<string, string>
}

/**
 * One property of a stored item in words: codes as the glossary, the session or the service name them, the
 * order and job as links with their names, moments in the console's one format, and any other id behind a
 * Copy button instead of in the text.
 */
export function PropertyValue({ name, label, value, orderNames }: PropertyValueProps) {
  const s = str(value)
  if (s !== null) {
    switch (name) {
      case 'up42-system:source':
        return SOURCE_WORDS[s as keyof typeof SOURCE_WORDS] ?? s
      case 'up42-order:status':
        return STATUS_LABELS[s as OrderStatus] ?? s
      case 'up42-order:id':
        return (
          <Anchor component={Link} to={paths.order(s)} size="sm">
            {orderLabel(s, orderNames.get(s))}
          </Anchor>
        )
      case 'up42-system:job_id':
        return <JobName id={s} />
      case 'up42-system:workspace_id':
        return <WorkspaceName id={s} />
      case 'up42-product:collection_name':
        return <GlossaryName collection={s} />
      case 'up42-product:product_id':
        // The id itself: it is what support and the service's own API ask for; the product's name is
        // the collection's row above.
        return <IdWithCopy value={s} label={label} />
    }
    if (UUID.test(s)) return <IdWithCopy value={s} label={label} />
  }
  return valueText(value)
}

function JobName({ id }: { id: string }) {
  return (
    <Anchor component={Link} to={paths.job(id)} size="sm">
      {useJobName(id)}
    </Anchor>
  )
}

function WorkspaceName({ id }: { id: string }) {
  const workspace = useSession().user?.workspaces.find((w) => w.id === id)
  return workspace ? workspace.name : <CopyTextButton value={id} label="Copy the workspace ID" />
}

/** An id in full (to read or compare by eye) with a Copy button beside it. */
function IdWithCopy({ value, label }: { value: string; label: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <Code style={{ overflowWrap: 'anywhere' }}>{value}</Code>
      <CopyTextButton value={value} label={`Copy the ${lowerFirst(label)}`} />
    </Group>
  )
}

/** A glossary collection by its title, linked to the glossary. */
function GlossaryName({ collection }: { collection: string }) {
  const client = useApiClient()
  const { data } = useQuery({ ...collectionOptions(client, collection), throwOnError: false })
  return (
    <Anchor component={Link} to={paths.collection(collection)} size="sm">
      {data?.title ?? collection}
    </Anchor>
  )
}
