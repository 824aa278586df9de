import './mantine-styles'
import { Alert, List, Stack } from '@mantine/core'
import { withTheme, type IChangeEvent } from '@rjsf/core'
import templates from '@rjsf/mantine/lib/templates/index.js'
import CheckboxWidget from '@rjsf/mantine/lib/widgets/CheckboxWidget.js'
import type { ErrorSchema, RJSFSchema, UiSchema, WidgetProps } from '@rjsf/utils'
import type { ComponentType } from 'react'
import { useId, useMemo, useState } from 'react'
import {
  fieldSchema,
  fieldStates,
  fieldTitle,
  PARAMS,
  reconcileParams,
  validateParams,
  viewSchema,
  type JsonSchema,
  type ParamProblem,
  type Params,
} from '../../lib/order-params/form-model'
import { createValidator } from './rjsf-validator'
import { SelectWidget, TextareaWidget, TextWidget, UtcDateTimeWidget } from './widgets'

/**
 * The Mantine theme's templates with this folder's widgets (text, numbers, enumerations, UTC date-times) and
 * the theme's checkbox. The theme's widget set is not imported: its date widgets would bring `@mantine/dates`
 * and dayjs for nothing, since date-times here are UTC inputs. Anything else falls back to rjsf's core widgets.
 */
/** The form's own validator (no eval, so the page runs under the strict Content Security Policy). */
const validator = createValidator<Params>()

const ThemedForm = withTheme<Params, RJSFSchema>({
  templates,
  widgets: {
    CheckboxWidget,
    TextWidget,
    TextareaWidget,
    SelectWidget,
    DateTimeWidget: UtcDateTimeWidget,
  },
})

/** What a page's own field widget gets: rjsf stays inside this folder. */
export interface FieldWidgetProps {
  id: string
  label: string
  description?: string
  value: unknown
  onChange: (value: unknown) => void
  required: boolean
  disabled: boolean
  /** The field's problems, joined. */
  error?: string
}

/** A page's widget as an rjsf widget (one adapter per widget, so rjsf keeps the same component). */
const adapters = new WeakMap<ComponentType<FieldWidgetProps>, ComponentType<WidgetProps>>()
function rjsfWidget(Widget: ComponentType<FieldWidgetProps>): ComponentType<WidgetProps> {
  let adapter = adapters.get(Widget)
  if (!adapter) {
    adapter = function FieldWidgetAdapter(props: WidgetProps) {
      const errors = !props.hideError && props.rawErrors?.length ? props.rawErrors.join(' ') : undefined
      return (
        <Widget
          id={props.id}
          label={props.label}
          description={typeof props.schema.description === 'string' ? props.schema.description : undefined}
          value={props.value as unknown}
          onChange={props.onChange}
          required={props.required === true}
          disabled={props.disabled === true || props.readonly === true}
          error={errors}
        />
      )
    }
    adapters.set(Widget, adapter)
  }
  return adapter
}

export interface SchemaFormProps {
  /** The order-form JSON schema of the data product (`GET /orders/schema/{data-product-id}`). */
  schema: JsonSchema
  /**
   * The params being edited. Start from `defaultsOf(schema, overrides)`: the form shows exactly this value
   * (it adds no defaults of its own), so what is shown is what `onChange` reported.
   */
  value: Params
  /** The next params after an edit, with fields the conditionals hide dropped and the ones they bring back defaulted. */
  onChange: (value: Params) => void
  /** Fields the console fills itself and never shows, besides geometry (`aoi`, `geometry`, GeoJSON refs). */
  omit?: string[]
  /** Fields shown but not editable (the archive scene `id`); their value stays as given. */
  readOnly?: string[]
  /** The service's problem `errors` items; those named `params.<field>` show on the field until it is edited. */
  serverErrors?: readonly ParamProblem[]
  /** Validate live and show the problems: turn on once the analyst has tried to go on. */
  showErrors?: boolean
  /** Prefix of the field ids (`<prefix>_<field>`); unique per form by default, so several forms share a page. */
  idPrefix?: string
  /** The form's accessible name, for pages that show several. */
  label?: string
  disabled?: boolean
  /** Widgets of the page's own for some fields (the process launch's item picker), by field name. */
  fieldWidgets?: Record<string, ComponentType<FieldWidgetProps>>
  /** The heading over problems that belong to no field shown. */
  problemsTitle?: string
}

/**
 * An order form generated from the data product's JSON schema (rjsf with the Mantine theme). It has no
 * submit button: the checkout owns the steps and reads `validateParams` and `cleanParams` itself.
 */
export function SchemaForm({
  schema,
  value,
  onChange,
  omit,
  readOnly,
  serverErrors,
  showErrors = false,
  idPrefix,
  label,
  disabled = false,
  fieldWidgets,
  problemsTitle = 'Some order options are not accepted',
}: SchemaFormProps) {
  const reactId = useId()
  const prefix = idPrefix ?? `schema-form-${reactId.replace(/[^A-Za-z0-9_-]/g, '')}`
  const states = useMemo(() => fieldStates(schema, value), [schema, value])
  const shown = useMemo(() => states.visible.filter((f) => !omit?.includes(f)), [states, omit])
  const view = useMemo(() => viewSchema(schema, states, shown) as RJSFSchema, [schema, states, shown])
  const ui = useMemo(
    () => uiSchemaFor(schema, shown, readOnly ?? [], fieldWidgets ?? {}),
    [schema, shown, readOnly, fieldWidgets],
  )

  // Server errors hold for the values they were given for: a field's error goes once the field is edited.
  const [answered, setAnswered] = useState({ errors: serverErrors, value })
  if (answered.errors !== serverErrors) setAnswered({ errors: serverErrors, value })
  const { errorSchema, elsewhere } = useMemo(() => {
    const fresh = (answered.errors ?? []).filter((e) => {
      const field = fieldOfName(e.name)
      return field !== undefined && (field === '' || Object.is(answered.value[field], value[field]))
    })
    const problems = showErrors ? validateParams(schema, value) : []
    return placeProblems(schema, [...fresh, ...problems], shown)
  }, [answered, showErrors, schema, value, shown])

  const handleChange = (e: IChangeEvent<Params, RJSFSchema>) => {
    const next: Params = { ...(e.formData ?? {}) }
    for (const field of readOnly ?? []) {
      if (field in value) next[field] = value[field]
      else delete next[field]
    }
    onChange(reconcileParams(schema, value, next))
  }

  return (
    <Stack gap="sm" role={label ? 'group' : undefined} aria-label={label}>
      {elsewhere.length > 0 && (
        <Alert color="red" title={problemsTitle}>
          <List size="sm">
            {elsewhere.map((p) => (
              <List.Item key={`${p.name}:${p.reason}`}>{p.reason}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <ThemedForm
        tagName="div"
        schema={view}
        uiSchema={ui}
        formData={value}
        validator={validator}
        onChange={handleChange}
        idPrefix={prefix}
        extraErrors={errorSchema}
        noValidate
        showErrorList={false}
        disabled={disabled}
        experimental_defaultFormStateBehavior={{ emptyObjectFields: 'skipDefaults' }}
      />
    </Stack>
  )
}

// ----------------------------------------------------------------------------------------------- helpers

/** `params.cloudCoverage` → `cloudCoverage`, `params` → '' (the whole form), anything else → undefined. */
function fieldOfName(name: string): string | undefined {
  if (name === PARAMS) return ''
  if (!name.startsWith(`${PARAMS}.`)) return undefined
  return name.slice(PARAMS.length + 1).split('.')[0]
}

const LONG_TEXT = 200

/** Per field: read-only, and long text as a text area. Labels, descriptions and bounds come from the schema. */
function uiSchemaFor(
  schema: JsonSchema,
  shown: string[],
  readOnly: string[],
  widgets: Record<string, ComponentType<FieldWidgetProps>>,
): UiSchema<Params, RJSFSchema> {
  const ui: UiSchema<Params, RJSFSchema> = {
    'ui:submitButtonOptions': { norender: true },
    'ui:order': [...shown, '*'],
  }
  for (const field of shown) {
    const s = fieldSchema(schema, field) ?? {}
    const long = s.type === 'string' && typeof s.maxLength === 'number' && s.maxLength > LONG_TEXT
    const choice = Array.isArray(s.enum) || Array.isArray(s.anyOf) || Array.isArray(s.oneOf)
    ui[field] = {
      ...(long && !choice && !s.format ? { 'ui:widget': 'textarea' } : {}),
      ...(widgets[field] ? { 'ui:widget': rjsfWidget(widgets[field]) } : {}),
      ...(readOnly.includes(field) ? { 'ui:options': { readOnly: true } } : {}),
    }
  }
  return ui
}

/**
 * Problems on the fields shown go to the fields (rjsf `extraErrors`); the others (the whole form, hidden or
 * omitted fields) are listed above the form with the field's title, so none is lost.
 */
function placeProblems(
  schema: JsonSchema,
  problems: ParamProblem[],
  shown: string[],
): { errorSchema: ErrorSchema<Params>; elsewhere: ParamProblem[] } {
  const errorSchema: Record<string, { __errors: string[] }> = {}
  const elsewhere: ParamProblem[] = []
  for (const p of problems) {
    const field = fieldOfName(p.name)
    if (field === undefined) continue
    if (field && shown.includes(field)) {
      // A sentence under the field ("Sensitivity must be at most 10"), not a fragment ("must be at most 10").
      const entry = (errorSchema[field] ??= { __errors: [] })
      const sentence = `${fieldTitle(schema, field)} ${p.reason}`
      if (!entry.__errors.includes(sentence)) entry.__errors.push(sentence)
    } else {
      const reason = field ? `${fieldTitle(schema, field)} ${p.reason}` : p.reason
      if (!elsewhere.some((e) => e.reason === reason)) elsewhere.push({ name: p.name, reason })
    }
  }
  return { errorSchema, elsewhere }
}
