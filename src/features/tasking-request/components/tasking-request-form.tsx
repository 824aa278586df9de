import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Pill.css'
import '@mantine/core/styles/PillsInput.css'
import '@mantine/core/styles/Skeleton.css'
import {
  Alert,
  Button,
  NativeSelect,
  Paper,
  SimpleGrid,
  Skeleton,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useState } from 'react'
import { whatToDo } from '../../../api/errors'
import { OnlyChoice } from '../../../components/only-choice/only-choice'
import { SchemaForm } from '../../../components/schema-form/schema-form'
import { MAX_NAME, MAX_TAGS, nameProblem, tagProblem } from '../../../lib/order-fields'
import { orderableOf } from '../../../data/orders/tasking-request'
import { useTaskingStore } from '../tasking-store'
import type { TaskingModel } from '../use-tasking'

/** How the collection's provider works, in plain words. */
function workingOf(integrations: readonly string[]): string {
  const study = integrations.includes('FEASIBILITY_STUDY_REQUIRED')
    ? 'Every request goes through a feasibility study.'
    : integrations.includes('FEASIBILITY_STUDY_MAY_BE_REQUIRED')
      ? 'Large areas or short windows need a feasibility study.'
      : 'No feasibility study.'
  const price = integrations.includes('QUOTATION_REQUIRED')
    ? 'Priced by a quotation you accept or reject.'
    : 'Fixed price.'
  return `${study} ${price}`
}

/** The collection, data product, order name, tags and the data product's tasking form. */
export function TaskingRequestForm({
  model,
  locked,
  showErrors,
}: {
  model: TaskingModel
  /** While placing (or once placed), nothing may change. */
  locked: boolean
  showErrors: boolean
}) {
  const update = useTaskingStore((s) => s.update)
  const chooseCollection = useTaskingStore((s) => s.chooseCollection)
  const chooseProduct = useTaskingStore((s) => s.chooseProduct)
  const [tagError, setTagError] = useState<string | null>(null)
  const { collection, products, product, form } = model
  const nameIssue = nameProblem(model.displayName)

  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="tasking-request-title">
      {/* Focused when the request comes back after the review or a result (tasking-page.tsx). */}
      <Title order={2} size="h4" id="tasking-request-title" tabIndex={-1}>
        Product and parameters
      </Title>
      {/* Two columns where the side column beside the map is wide enough for them (a container query). */}
      <SimpleGrid type="container" cols={{ base: 1, '360px': 2 }} mt="xs" spacing="sm">
        <NativeSelect
          label="Tasking collection"
          value={collection?.name ?? ''}
          disabled={locked}
          description={collection ? workingOf(collection.integrations) : undefined}
          onChange={(e) => chooseCollection(e.currentTarget.value)}
          data={(model.collections ?? []).map((c) => ({
            value: c.name,
            label: orderableOf(c).length > 0 ? c.title : `${c.title} (nothing orderable yet)`,
            disabled: orderableOf(c).length === 0,
          }))}
        />
        {products.length < 2 ? (
          <OnlyChoice
            label="Data product"
            value={product?.title ?? '—'}
            hint={
              products.length === 0
                ? 'This collection has no orderable data product.'
                : 'The only orderable product of this collection'
            }
          />
        ) : (
          <NativeSelect
            label="Data product"
            value={product?.id ?? ''}
            disabled={locked}
            onChange={(e) => chooseProduct(e.currentTarget.value)}
            data={products.map((p) => ({ value: p.id ?? '', label: p.title }))}
          />
        )}
        <TextInput
          label="Order name"
          description="Every order of the request gets this name."
          value={model.displayName}
          maxLength={MAX_NAME}
          required
          disabled={locked}
          error={nameIssue}
          onChange={(e) => update({ displayName: e.currentTarget.value })}
        />
        <TagsInput
          label="Tags"
          description="Letters, digits, spaces and . - _ / : — press Enter after each"
          value={model.tags}
          maxTags={MAX_TAGS}
          disabled={locked}
          error={tagError}
          onChange={(tags) => {
            const bad = tags.map(tagProblem).find((p) => p !== null) ?? null
            setTagError(bad)
            if (!bad) update({ tags })
          }}
          clearable
        />
      </SimpleGrid>

      <Title order={3} size="h5" mt="md">
        Acquisition
      </Title>
      <Text size="xs" c="dimmed">
        Date-times are UTC. The window is where feasibility, price and opportunities are worked out.
      </Text>
      <div data-testid="tasking-form">
        {form.loading ? (
          <Skeleton height={80} mt="xs" role="status" aria-label="Loading the order form" />
        ) : form.error ? (
          <Alert color="red" mt="xs" title="The order form could not be loaded">
            {whatToDo(form.error)}{' '}
            <Button size="compact-xs" variant="default" onClick={() => void form.retry()}>
              Retry
            </Button>
          </Alert>
        ) : form.schema ? (
          <SchemaForm
            schema={form.schema}
            value={model.params}
            onChange={(params) => update({ params })}
            omit={model.omit}
            serverErrors={model.serverErrors}
            showErrors={showErrors}
            idPrefix="tasking"
            label="Tasking parameters"
            disabled={locked}
          />
        ) : null}
      </div>
    </Paper>
  )
}
