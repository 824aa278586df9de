import { Box } from '@mantine/core'
import { Facts } from '../../../components/facts/facts'
import { paramFacts } from '../../../lib/order-params/param-facts'
import { countLabel, formatArea } from '../../../lib/format'
import type { TaskingModel } from '../use-tasking'

/**
 * What the confirmation commits to, read from the request that will be sent (not from the form's state):
 * each parameter under the form's label, and the area with its polygon count. The order name is the
 * review's heading line, so it is not repeated here.
 */
export function TaskingReviewParams({ model }: { model: TaskingModel }) {
  const schema = model.form.schema
  const params = model.request?.params
  if (!schema || !params) return null
  const km2 = model.features.reduce((sum, f) => sum + f.areaKm2, 0)
  const rows: [string, string][] = [
    ...paramFacts(schema, params, ['displayName']).map((f): [string, string] => [f.label, f.value]),
    ['Area', `${formatArea(km2)} in ${countLabel(model.features.length, 'polygon')}`],
  ]
  return (
    <Box mt="xs">
      <Facts rows={rows} label="Parameters to send" />
    </Box>
  )
}
