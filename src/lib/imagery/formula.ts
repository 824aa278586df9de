/**
 * Band maths typed by the analyst (`(nir - red) / (nir + red)`): a small expression language over band
 * names, parsed by recursive descent into a tree and evaluated by walking it — never `eval` or `Function`,
 * which the console's content security policy forbids. A formula that does not parse says where.
 *
 * Grammar: sum := product (('+' | '-') product)*; product := power (('*' | '/') power)*;
 * power := unary ('^' power)?; unary := '-' unary | call; call := name '(' sum (',' sum)* ')' | atom;
 * atom := number | band | '(' sum ')'.
 */

export type Node =
  | { kind: 'number'; value: number }
  | { kind: 'band'; index: number }
  | { kind: 'negate'; of: Node }
  | { kind: 'binary'; op: '+' | '-' | '*' | '/' | '^'; left: Node; right: Node }
  | { kind: 'call'; fn: FunctionName; args: Node[] }

const FUNCTIONS = {
  abs: { arity: 1, f: (a: number[]) => Math.abs(a[0]) },
  sqrt: { arity: 1, f: (a: number[]) => Math.sqrt(a[0]) },
  log10: { arity: 1, f: (a: number[]) => Math.log10(a[0]) },
  ln: { arity: 1, f: (a: number[]) => Math.log(a[0]) },
  exp: { arity: 1, f: (a: number[]) => Math.exp(a[0]) },
  min: { arity: 2, f: (a: number[]) => Math.min(a[0], a[1]) },
  max: { arity: 2, f: (a: number[]) => Math.max(a[0], a[1]) },
} as const

type FunctionName = keyof typeof FUNCTIONS

/** A formula that cannot be used, and where: `at` is the 0-based character where the trouble starts. */
export class FormulaError extends Error {
  constructor(
    message: string,
    readonly at: number,
  ) {
    super(message)
    this.name = 'FormulaError'
  }
}

interface Token {
  kind: 'number' | 'name' | 'op' | 'end'
  text: string
  at: number
}

function tokenize(src: string): Token[] {
  const tokens: Token[] = []
  let i = 0
  while (i < src.length) {
    const c = src[i]
    if (/\s/.test(c)) {
      i++
      continue
    }
    const number = /^(\d+\.?\d*|\.\d+)(e[+-]?\d+)?/i.exec(src.slice(i))
    if (number) {
      tokens.push({ kind: 'number', text: number[0], at: i })
      i += number[0].length
      continue
    }
    const name = /^[a-z_][a-z0-9_]*/i.exec(src.slice(i))
    if (name) {
      tokens.push({ kind: 'name', text: name[0], at: i })
      i += name[0].length
      continue
    }
    if ('+-*/^(),'.includes(c)) {
      tokens.push({ kind: 'op', text: c, at: i })
      i++
      continue
    }
    throw new FormulaError(`"${c}" is not part of a formula (at character ${i + 1})`, i)
  }
  tokens.push({ kind: 'end', text: '', at: src.length })
  return tokens
}

/**
 * Parses a formula over the given band names (case-insensitive: `NIR` is `nir`). Throws a FormulaError
 * saying what is wrong and at which character.
 */
export function parseFormula(src: string, bands: readonly string[]): Node {
  const tokens = tokenize(src)
  let pos = 0
  const peek = () => tokens[pos]
  const where = (t: Token) => `at character ${t.at + 1}`
  const describe = (t: Token) => (t.kind === 'end' ? 'the end' : `"${t.text}"`)
  const expect = (text: string) => {
    const t = peek()
    if (t.text !== text || t.kind !== 'op')
      throw new FormulaError(`Expected "${text}" but found ${describe(t)} ${where(t)}`, t.at)
    pos++
  }

  function sum(): Node {
    let left = product()
    while (peek().kind === 'op' && (peek().text === '+' || peek().text === '-')) {
      const op = tokens[pos++].text as '+' | '-'
      left = { kind: 'binary', op, left, right: product() }
    }
    return left
  }
  function product(): Node {
    let left = power()
    while (peek().kind === 'op' && (peek().text === '*' || peek().text === '/')) {
      const op = tokens[pos++].text as '*' | '/'
      left = { kind: 'binary', op, left, right: power() }
    }
    return left
  }
  function power(): Node {
    const base = unary()
    if (peek().kind === 'op' && peek().text === '^') {
      pos++
      return { kind: 'binary', op: '^', left: base, right: power() }
    }
    return base
  }
  function unary(): Node {
    if (peek().kind === 'op' && peek().text === '-') {
      pos++
      return { kind: 'negate', of: unary() }
    }
    if (peek().kind === 'op' && peek().text === '+') {
      pos++
      return unary()
    }
    return atom()
  }
  function atom(): Node {
    const t = peek()
    if (t.kind === 'number') {
      pos++
      return { kind: 'number', value: Number(t.text) }
    }
    if (t.kind === 'name') {
      pos++
      const lower = t.text.toLowerCase()
      if (peek().kind === 'op' && peek().text === '(') {
        if (!(lower in FUNCTIONS))
          throw new FormulaError(
            `"${t.text}" is not a function ${where(t)}; use ${Object.keys(FUNCTIONS).join(', ')}`,
            t.at,
          )
        const fn = lower as FunctionName
        pos++
        const args = [sum()]
        while (peek().kind === 'op' && peek().text === ',') {
          pos++
          args.push(sum())
        }
        if (args.length !== FUNCTIONS[fn].arity)
          throw new FormulaError(
            `${fn} takes ${FUNCTIONS[fn].arity} value${FUNCTIONS[fn].arity > 1 ? 's' : ''}, not ${args.length} (${where(t)})`,
            t.at,
          )
        expect(')')
        return { kind: 'call', fn, args }
      }
      const index = bands.indexOf(lower)
      if (index < 0)
        throw new FormulaError(
          `"${t.text}" is not a band of this image ${where(t)}; its bands are ${bands.join(', ')}`,
          t.at,
        )
      return { kind: 'band', index }
    }
    if (t.kind === 'op' && t.text === '(') {
      pos++
      const inner = sum()
      expect(')')
      return inner
    }
    throw new FormulaError(
      t.kind === 'end'
        ? `The formula ends too soon ${where(t)}: a value or band is missing`
        : `Unexpected ${describe(t)} ${where(t)}`,
      t.at,
    )
  }

  if (peek().kind === 'end') throw new FormulaError('The formula is empty', 0)
  const tree = sum()
  const rest = peek()
  if (rest.kind !== 'end')
    throw new FormulaError(
      `Unexpected ${describe(rest)} ${where(rest)}: an operator is missing before it`,
      rest.at,
    )
  return tree
}

/** The formula's value for one pixel's band values (NaN where it is undefined there, as 0 / 0). */
export function evaluate(node: Node, bands: ArrayLike<number>): number {
  switch (node.kind) {
    case 'number':
      return node.value
    case 'band':
      return bands[node.index]
    case 'negate':
      return -evaluate(node.of, bands)
    case 'call':
      return FUNCTIONS[node.fn].f(node.args.map((a) => evaluate(a, bands)))
    case 'binary': {
      const a = evaluate(node.left, bands)
      const b = evaluate(node.right, bands)
      switch (node.op) {
        case '+':
          return a + b
        case '-':
          return a - b
        case '*':
          return a * b
        case '/':
          return a / b
        case '^':
          return Math.pow(a, b)
      }
    }
  }
}

/**
 * The names a formula uses for an image's bands, in the file's order: optical red, green, blue, near infrared
 * and, where the file has a fifth band, short-wave infrared; radar VV and VH amplitude (dual polarisation), or
 * a single amplitude band.
 */
export const bandNamesFor = (bands: number): string[] =>
  bands >= 5
    ? ['red', 'green', 'blue', 'nir', 'swir']
    : bands >= 4
      ? ['red', 'green', 'blue', 'nir']
      : bands === 2
        ? ['vv', 'vh']
        : ['amp']

/** Parses without throwing: the tree, or the error to show under the field. */
export function tryParse(src: string, bands: readonly string[]): { node: Node } | { error: FormulaError } {
  try {
    return { node: parseFormula(src, bands) }
  } catch (e) {
    if (e instanceof FormulaError) return { error: e }
    throw e
  }
}
