import { openapi, validatorFor } from '../http/contract'
import { matchOperation } from '../http/operations'

/**
 * Checks a response against contract/openapi.yaml: the status must be one the operation declares, the media
 * type one it lists, and the body must match its schema. Returns the problems found (empty = conforms).
 */
export function contractProblems(
  method: string,
  path: string,
  status: number,
  contentType: string,
  body: unknown,
): string[] {
  const match = matchOperation(method, path)
  if (!match) return [`${method} ${path} is not an operation of the contract`]
  const responses = match.op.responses ?? {}
  let resp = responses[String(status)] ?? responses.default
  if (!resp)
    return [
      `${method} ${match.template} answered ${status}, which the contract does not declare (declared: ${Object.keys(responses).join(', ')})`,
    ]
  let pointerBase = `#/paths/${escapePointer(match.template)}/${match.method}/responses/${status in responses ? status : 'default'}`
  if (resp.$ref) {
    pointerBase = resp.$ref
    const name = resp.$ref.split('/').pop() ?? ''
    resp = openapi.components.responses?.[name] ?? {}
  }
  const content = resp.content
  if (!content || Object.keys(content).length === 0) {
    return body === undefined || body === '' || body === null
      ? []
      : [`${method} ${match.template} ${status} should have no body`]
  }
  const media = contentType.split(';')[0].trim().toLowerCase()
  if (!(media in content))
    return [
      `${method} ${match.template} ${status} sent ${media || 'no content type'}; the contract lists ${Object.keys(content).join(', ')}`,
    ]
  const entry = content[media]
  if (!entry.schema || media.startsWith('image/')) return []
  const validate = validatorFor(`${pointerBase}/content/${escapePointer(media)}/schema`)
  if (validate(body)) return []
  return (validate.errors ?? [])
    .slice(0, 8)
    .map(
      (e) =>
        `${method} ${match.template} ${status}: ${e.instancePath || '(body)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`,
    )
}

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1')
