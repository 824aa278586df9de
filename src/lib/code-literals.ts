/**
 * JSON values written as code, for the "as code" scripts (request-code.ts): as JSON (curl's bodies, TypeScript)
 * or as a Python literal. Written for reading: objects and lists one member a line, but a position (a list of
 * numbers) on one line and a ring's positions wrapped several to a line, so a scene's footprint is a few lines,
 * not a few hundred.
 */

export type LiteralDialect = 'json' | 'python'

/** The widest a line of wrapped positions grows before the next one starts. */
const WRAP = 100

const isNumberList = (v: unknown): v is number[] =>
  Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'number')

const isPositionList = (v: unknown): v is number[][] =>
  Array.isArray(v) && v.length > 0 && v.every(isNumberList)

function scalar(value: unknown, dialect: LiteralDialect): string {
  if (dialect === 'python') {
    if (value === null || value === undefined) return 'None'
    if (value === true) return 'True'
    if (value === false) return 'False'
    if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : 'None'
  }
  // JSON.stringify spells null, booleans, strings and numbers as JSON does (a non-finite number as null).
  return JSON.stringify(value ?? null)
}

/**
 * A JSON value as code at `indent` spaces. JSON indents by two and closes lists without a trailing comma;
 * Python indents by four and ends every member with a comma, as its formatters do.
 */
export function literal(value: unknown, dialect: LiteralDialect, indent = 0): string {
  const step = dialect === 'python' ? 4 : 2
  const trailing = dialect === 'python' ? ',' : ''
  const pad = (n: number) => ' '.repeat(n)
  if (value === null || typeof value !== 'object') return scalar(value, dialect)
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]'
    if (isNumberList(value)) return `[${value.map((n) => scalar(n, dialect)).join(', ')}]`
    if (isPositionList(value)) {
      const inner = pad(indent + step)
      const parts = value.map((p, i) => `${literal(p, dialect)}${i < value.length - 1 ? ',' : trailing}`)
      const lines: string[] = []
      let line = ''
      for (const part of parts) {
        if (line && inner.length + line.length + 1 + part.length > WRAP) {
          lines.push(line)
          line = part
        } else line = line ? `${line} ${part}` : part
      }
      lines.push(line)
      return `[\n${lines.map((l) => inner + l).join('\n')}\n${pad(indent)}]`
    }
    const items = value.map((v) => pad(indent + step) + literal(v ?? null, dialect, indent + step))
    return `[\n${items.join(',\n')}${trailing}\n${pad(indent)}]`
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined)
  if (entries.length === 0) return '{}'
  const items = entries.map(
    ([k, v]) => `${pad(indent + step)}${JSON.stringify(k)}: ${literal(v, dialect, indent + step)}`,
  )
  return `{\n${items.join(',\n')}${trailing}\n${pad(indent)}}`
}
