import {
  createErrorHandler,
  toErrorSchema,
  unwrapErrorHandler,
  validationDataMerge,
  type CustomValidator,
  type ErrorTransformer,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils'
import { isValidJson, validateJson, type SchemaProblem } from '../../lib/order-params/json-schema-validator'

function toRjsfErrors(problems: SchemaProblem[]): RJSFValidationError[] {
  return problems.map((p) => {
    const missing = typeof p.params.missingProperty === 'string' ? p.params.missingProperty : undefined
    const extra = typeof p.params.additionalProperty === 'string' ? p.params.additionalProperty : undefined
    const path = p.instancePath.replace(/\//g, '.')
    const property = missing || extra ? `${path}.${missing ?? extra}` : path
    return {
      name: p.keyword,
      property,
      message: p.message,
      params: p.params,
      stack: `${property} ${p.message}`.trim(),
      schemaPath: p.schemaPath,
    }
  })
}

/**
 * rjsf's `ValidatorType` over `validateJson` (lib/order-params/json-schema-validator.ts, decision 19): the
 * form's conditionals and option matching, without eval.
 */
export function createValidator<T = unknown>(): ValidatorType<T, RJSFSchema> {
  return {
    validateFormData(
      formData: T | undefined,
      schema: RJSFSchema,
      customValidate?: CustomValidator<T, RJSFSchema>,
      transformErrors?: ErrorTransformer<T, RJSFSchema>,
      uiSchema?: UiSchema<T, RJSFSchema>,
    ): ValidationData<T> {
      let errors = toRjsfErrors(validateJson(schema, formData))
      if (transformErrors) errors = transformErrors(errors, uiSchema)
      let data: ValidationData<T> = { errors, errorSchema: toErrorSchema<T>(errors) }
      if (customValidate) {
        const handler = customValidate(formData, createErrorHandler<T>(formData as T), uiSchema)
        data = validationDataMerge<T>(data, unwrapErrorHandler<T>(handler))
      }
      return data
    },
    isValid(schema: RJSFSchema, formData: T | undefined, rootSchema: RJSFSchema): boolean {
      return isValidJson(schema, formData, rootSchema)
    },
    rawValidation<Result = SchemaProblem>(schema: RJSFSchema, formData?: T) {
      try {
        return { errors: validateJson(schema, formData) as Result[] }
      } catch (e) {
        return { validationError: e instanceof Error ? e : new Error(String(e)) }
      }
    },
  }
}
