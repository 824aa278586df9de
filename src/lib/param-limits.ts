import { jsonLimitProblem, type JsonLimits } from './json-limits'

/**
 * What a typed form can hold, as limits on its value (the params of an order line or a tasking request, a
 * job's inputs): a field is a text, a number, a yes/no, a list of them, a small object (a window) or a
 * geometry, whose deepest member — a MultiPolygon's position — is six levels down from the form. A value from
 * outside the form (a shared link, a stored draft) is held to the same limits before it is applied, so it
 * cannot carry what no analyst could have typed. Apart from `order-params/form-model.ts`, which brings the validator: the
 * link codecs read these limits on pages that never render a form.
 */
export const FORM_LIMITS: JsonLimits = {
  depth: 8,
  // A geometry at the AOI's 10,000-vertex cap is about 30,000 values.
  values: 50_000,
  stringLength: 20_000,
}

/** Why `value` is not something a typed form could have made, in words, or null when it could. */
export function formValueProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'it is not a form'
  return jsonLimitProblem(value, FORM_LIMITS)?.reason ?? null
}

/** The value as a form's params when it could have been typed, else null. */
export const asFormValue = (value: unknown): Record<string, unknown> | null =>
  formValueProblem(value) === null ? (value as Record<string, unknown>) : null
