import '@mantine/core/styles/Skeleton.css'
import {
  Alert,
  Anchor,
  Button,
  Group,
  Input,
  Modal,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import { useContext, useEffect, useRef, useState } from 'react'
import type { FieldWidgetProps } from '../../../components/schema-form/schema-form'
import { Link } from 'react-router'
import { useApiClient } from '../../../api/console-context'
import { isApiError, whatToDo } from '../../../api/errors'
import { paths } from '../../../config/paths'
import {
  collectionOptions,
  collectionsOptions,
  itemOptions,
  itemsOptions,
  type StacItem,
} from '../../../data/storage/queries'
import {
  itemRefOf,
  selfHref,
  str,
  STORAGE_SOURCES,
  titleOf,
  type StorageSource,
} from '../../../data/storage/query'
import { formatUtc } from '../../../lib/format'
import { Footprint } from '../../../components/footprint'
import { PickerStart } from './picker-start'
import classes from './item-picker.module.css'

/**
 * STAC items are picked, never typed (issue 16): an input that takes an item shows the chosen one (title, date,
 * footprint, its collection) and a button that opens the picker over the account's storage — collections
 * filtered by title and source, then their items with footprint, date and title.
 */

const SOURCE_WORDS: Record<StorageSource, string> = {
  ARCHIVE: 'Archive orders',
  TASKING: 'Tasking orders',
  PROCESSING: 'Processing results',
}

const itemTitle = (item: StacItem) => titleOf(item.properties, item.id)
const itemDate = (item: StacItem) =>
  formatUtc(item.properties.datetime ?? item.properties.start_datetime ?? null, 'no date')

/** The rjsf widget of an item input. */
export function ItemPickerWidget(props: FieldWidgetProps) {
  const [open, setOpen] = useState(false)
  const value = typeof props.value === 'string' ? props.value : ''
  const error = props.error
  const label = props.label || 'Item'
  const describedBy = `${props.id}-chosen`
  return (
    <Input.Wrapper
      id={props.id}
      label={label}
      labelElement="div"
      description={props.description}
      error={error}
      required={props.required}
    >
      <Paper withBorder p="xs" mt={4} className={error ? classes.invalid : undefined}>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <div id={describedBy} className={classes.chosen}>
            {value ? <ChosenItem url={value} /> : <Text size="sm">No item chosen yet.</Text>}
          </div>
          <Button
            variant="default"
            size="xs"
            onClick={() => setOpen(true)}
            disabled={props.disabled}
            aria-describedby={[
              describedBy,
              props.description ? `${props.id}-description` : null,
              error ? `${props.id}-error` : null,
            ]
              .filter(Boolean)
              .join(' ')}
            aria-invalid={error ? true : undefined}
          >
            {value ? `Change ${label.toLowerCase()}` : `Choose ${label.toLowerCase()}`}
          </Button>
        </Group>
      </Paper>
      <ItemPickerModal
        opened={open}
        title={`Choose the ${label.toLowerCase()}`}
        onClose={() => setOpen(false)}
        onPick={(url) => {
          props.onChange(url)
          setOpen(false)
        }}
      />
    </Input.Wrapper>
  )
}

/** The chosen item as the analyst knows it; its link when it cannot be read. */
function ChosenItem({ url }: { url: string }) {
  const client = useApiClient()
  const ref = itemRefOf(url)
  const item = useQuery({
    ...itemOptions(client, ref?.collectionId ?? '', ref?.itemId ?? ''),
    enabled: !!ref,
  })
  const collection = useQuery({ ...collectionOptions(client, ref?.collectionId ?? ''), enabled: !!ref })
  if (!ref) return <Text size="sm">Not an item of your storage: {url.slice(0, 120)}</Text>
  if (item.isPending) return <Skeleton height={32} role="status" aria-label="Loading the chosen item" />
  if (!item.data) {
    const gone = isApiError(item.error) && item.error.status === 404
    return (
      <Text size="sm" c={gone ? 'red.8' : undefined}>
        {gone ? 'This item is no longer in your storage: choose another.' : whatToDo(item.error)}
      </Text>
    )
  }
  return (
    <Group gap="sm" wrap="nowrap">
      <Footprint item={item.data} size={40} />
      <div className={classes.chosen}>
        <Anchor
          component={Link}
          to={paths.storageItem(ref.collectionId, ref.itemId)}
          size="sm"
          fw={600}
          className={classes.wrap}
        >
          {itemTitle(item.data)}
        </Anchor>
        <Text size="xs" c="dimmed">
          {itemDate(item.data)} ·{' '}
          {collection.data
            ? `in “${titleOf(collection.data, collection.data.id)}”`
            : `collection ${ref.collectionId.slice(0, 8)}`}
        </Text>
      </div>
    </Group>
  )
}

const COLLECTIONS_PAGE = 10
const ITEMS_PAGE = 20

/** The picker: collections (title and source filters), then one collection's items. */
function ItemPickerModal({
  opened,
  title,
  onClose,
  onPick,
}: {
  opened: boolean
  title: string
  onClose: () => void
  onPick: (url: string) => void
}) {
  // Mounted before it opens, so that closing returns focus to the button that opened it.
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close the picker' }}
    >
      {opened && <PickerSteps onPick={onPick} />}
    </Modal>
  )
}

/** The picker's two steps; each open starts again (at the handed-over collection, if any). */
function PickerSteps({ onPick }: { onPick: (url: string) => void }) {
  const start = useContext(PickerStart)
  const [collectionId, setCollectionId] = useState<string | null>(start.collectionId)
  return (
    <>
      {collectionId ? (
        <ItemsStep collectionId={collectionId} onBack={() => setCollectionId(null)} onPick={onPick} />
      ) : (
        <CollectionsStep onOpen={setCollectionId} />
      )}
    </>
  )
}

function CollectionsStep({ onOpen }: { onOpen: (id: string) => void }) {
  const client = useApiClient()
  // Back from a collection's items, focus goes to the first filter, not to the page behind.
  const first = useRef<HTMLInputElement>(null)
  useEffect(() => first.current?.focus(), [])
  const [titleFilter, setTitleFilter] = useState('')
  const [source, setSource] = useState<StorageSource | ''>('')
  const [page, setPage] = useState(0)
  const [debounced] = useDebouncedValue(titleFilter.trim(), 300)
  const list = useQuery(
    collectionsOptions(client, {
      page,
      limit: COLLECTIONS_PAGE,
      ...(debounced ? { title: debounced } : {}),
      ...(source ? { sources: [source] } : {}),
    }),
  )
  const total = list.data?.context.matched ?? 0
  const pages = Math.max(1, Math.ceil(total / COLLECTIONS_PAGE))
  return (
    <Stack gap="sm">
      <Group grow align="end">
        <TextInput
          ref={first}
          label="Title contains"
          value={titleFilter}
          onChange={(e) => {
            setTitleFilter(e.currentTarget.value)
            setPage(0)
          }}
          data-autofocus
        />
        <NativeSelect
          label="Source"
          value={source}
          onChange={(e) => {
            setSource(e.currentTarget.value as StorageSource | '')
            setPage(0)
          }}
          data={[
            { value: '', label: 'Any source' },
            ...STORAGE_SOURCES.map((s) => ({ value: s, label: SOURCE_WORDS[s] })),
          ]}
        />
      </Group>
      {list.isPending ? (
        <Skeleton height={160} role="status" aria-label="Loading collections" />
      ) : list.error && !list.data ? (
        <Alert color="red" role="alert" title="Your storage could not be read">
          <Text size="sm">{whatToDo(list.error)}</Text>
          <Button size="xs" mt="xs" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : list.data && list.data.collections.length === 0 ? (
        <Text size="sm">
          {debounced || source
            ? 'No collection matches these filters.'
            : 'Your storage is empty: order data, and its deliveries appear here.'}
        </Text>
      ) : (
        <ul className={classes.list} aria-label="Collections in your storage">
          {list.data?.collections.map((c) => {
            const from = c.extent.temporal.interval[0]?.[0] ?? null
            const src = str((c as Record<string, unknown>)['up42-system:source'])
            return (
              <li key={c.id}>
                <UnstyledButton className={`${classes.row} ${classes.stack}`} onClick={() => onOpen(c.id)}>
                  <Text size="sm" fw={600} className={classes.wrap}>
                    {titleOf(c, c.id)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {[src ? (SOURCE_WORDS[src as StorageSource] ?? src) : null, formatUtc(from, 'no date')]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </UnstyledButton>
              </li>
            )
          })}
        </ul>
      )}
      <Pager page={page} pages={pages} onPage={setPage} />
    </Stack>
  )
}

function ItemsStep({
  collectionId,
  onBack,
  onPick,
}: {
  collectionId: string
  onBack: () => void
  onPick: (url: string) => void
}) {
  const client = useApiClient()
  const [page, setPage] = useState(0)
  // The collection's button is gone with the list: focus moves to the way back.
  const back = useRef<HTMLButtonElement>(null)
  useEffect(() => back.current?.focus(), [])
  const items = useQuery(itemsOptions(client, collectionId, page, ITEMS_PAGE))
  const collection = useQuery(collectionOptions(client, collectionId))
  const total = items.data?.context?.matched ?? items.data?.features.length ?? 0
  const pages = Math.max(1, Math.ceil(total / ITEMS_PAGE))
  return (
    <Stack gap="sm">
      <Group>
        <Button ref={back} variant="default" size="xs" onClick={onBack}>
          ← All collections
        </Button>
        {collection.data && (
          <Text size="sm" fw={600} className={classes.wrap}>
            {titleOf(collection.data, collection.data.id)}
          </Text>
        )}
      </Group>
      {items.isPending ? (
        <Skeleton height={160} role="status" aria-label="Loading items" />
      ) : items.error && !items.data ? (
        <Alert color="red" role="alert" title="The collection’s items could not be read">
          <Text size="sm">{whatToDo(items.error)}</Text>
          <Button size="xs" mt="xs" onClick={() => void items.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : items.data && items.data.features.length === 0 ? (
        <Text size="sm">This collection has no items.</Text>
      ) : (
        <ul className={classes.list} aria-label="Items of the collection">
          {items.data?.features.map((item) => {
            const url = selfHref(item)
            return (
              <li key={item.id}>
                <Group gap="sm" wrap="nowrap" className={classes.row}>
                  <Footprint item={item} size={48} />
                  <div className={classes.chosen}>
                    <Text size="sm" fw={600} className={classes.wrap}>
                      {itemTitle(item)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {itemDate(item)}
                    </Text>
                  </div>
                  <Button
                    size="xs"
                    variant="default"
                    disabled={!url}
                    onClick={() => url && onPick(url)}
                    aria-label={`Choose ${itemTitle(item)}`}
                  >
                    Choose
                  </Button>
                </Group>
              </li>
            )
          })}
        </ul>
      )}
      <Pager page={page} pages={pages} onPage={setPage} />
    </Stack>
  )
}

function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (p: number) => void }) {
  if (pages <= 1) return null
  return (
    <Group justify="space-between">
      <Button variant="default" size="xs" disabled={page === 0} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Text size="xs">
        Page {page + 1} of {pages}
      </Text>
      <Button variant="default" size="xs" disabled={page + 1 >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </Group>
  )
}
