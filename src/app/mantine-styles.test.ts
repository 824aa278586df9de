import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * A component's styles come with the component (issue 42): every module that renders a `@mantine/core`
 * component loads that component's CSS — through the styles every page loads (whatever `src/main.tsx` imports
 * statically, `mantine-base-styles.ts` among them) or through its own static imports — so no page draws a
 * component bare because another page that happened to load its CSS was not opened first.
 *
 * Which CSS a component needs is read from the package itself: the `*.module.mjs` class maps its code reaches
 * (its own, and those of the components it renders: Switch renders InlineInput), each matched to the
 * stylesheet in `@mantine/core/styles/` that defines those classes.
 */

const ROOT = resolve(__dirname, '../..')
const CORE = join(ROOT, 'node_modules/@mantine/core')
const ESM = join(CORE, 'esm')

const importsOf = (code: string): string[] =>
  [...code.matchAll(/(?:^|\n)\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?["']([^"']+)["']/g)].map(
    (m) => m[1],
  )

/** Stylesheet (e.g. `Switch.css`) by each `m_…` class it defines. */
function stylesheetByClass(): Map<string, string> {
  const out = new Map<string, string>()
  const dir = join(CORE, 'styles')
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.css') || file.endsWith('.layer.css')) continue
    for (const m of readFileSync(join(dir, file), 'utf8').matchAll(/\.(m_[0-9a-f]{8})/g))
      if (!out.has(m[1])) out.set(m[1], file)
  }
  return out
}

/** Each export of `@mantine/core` that comes from a module with CSS → the stylesheets it needs. */
function componentStylesheets(): Map<string, Set<string>> {
  const byClass = stylesheetByClass()
  const closure = new Map<string, Set<string>>()
  const sheetsOf = (file: string, seen = new Set<string>()): Set<string> => {
    const done = closure.get(file)
    if (done) return done
    const out = new Set<string>()
    if (seen.has(file)) return out
    seen.add(file)
    const code = readFileSync(file, 'utf8')
    if (file.endsWith('.module.mjs'))
      for (const m of code.matchAll(/"(m_[0-9a-f]{8})"/g)) {
        const sheet = byClass.get(m[1])
        if (sheet) out.add(sheet)
      }
    for (const spec of importsOf(code)) {
      if (!spec.startsWith('.')) continue
      for (const s of sheetsOf(resolve(dirname(file), spec), seen)) out.add(s)
    }
    closure.set(file, out)
    return out
  }
  const index = readFileSync(join(ESM, 'index.mjs'), 'utf8')
  const out = new Map<string, Set<string>>()
  for (const m of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g)) {
    if (!m[2].startsWith('.')) continue
    const sheets = sheetsOf(resolve(ESM, m[2]))
    for (const name of m[1].split(',')) {
      const local = name.trim().split(/\s+as\s+/)
      const exported = (local[1] ?? local[0]).trim()
      if (exported) out.set(exported, sheets)
    }
  }
  return out
}

/**
 * Stylesheets a component's code reaches that only a part or an option it is not drawn with needs; each is
 * checked below to be unused in src/ (use it, and import its sheet where it is used).
 */
const NOT_DRAWN: Record<string, { sheets: string[]; unless: RegExp }> = {
  // Table.ScrollContainer, not the table.
  Table: { sheets: ['ScrollArea.css'], unless: /Table\.ScrollContainer/ },
  // Only with scrollAreaComponent={ScrollArea.Autosize}; the default scrolls natively.
  Modal: { sheets: ['ScrollArea.css'], unless: /scrollAreaComponent/ },
  Drawer: { sheets: ['ScrollArea.css'], unless: /scrollAreaComponent/ },
  // Checkbox.Card, not the checkbox.
  Checkbox: { sheets: ['CheckboxCard.css'], unless: /Checkbox\.Card/ },
  Radio: { sheets: ['RadioCard.css'], unless: /Radio\.Card/ },
}

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'testing' ? [] : sourceFiles(path)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : []
  })

function resolveLocal(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec)
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  return null
}

/** The `@mantine/core` stylesheets a module loads through its static imports, its own and its imports'. */
function loadedBy(): (file: string) => Set<string> {
  const memo = new Map<string, Set<string>>()
  const walk = (file: string, seen: Set<string>): Set<string> => {
    const done = memo.get(file)
    if (done) return done
    const out = new Set<string>()
    if (seen.has(file)) return out
    seen.add(file)
    for (const spec of importsOf(readFileSync(file, 'utf8'))) {
      const sheet = /^@mantine\/core\/styles\/([^/]+\.css)$/.exec(spec)
      if (sheet) out.add(sheet[1])
      else if (spec.startsWith('.') && !spec.endsWith('.css')) {
        const local = resolveLocal(file, spec)
        if (local) for (const s of walk(local, seen)) out.add(s)
      }
    }
    memo.set(file, out)
    return out
  }
  return (file) => walk(file, new Set())
}

/** What each module renders from `@mantine/core` (value imports only). */
function mantineImports(file: string): string[] {
  const code = readFileSync(file, 'utf8')
  return [...code.matchAll(/import\s+(?!type\s)\{([^}]*)\}\s+from\s+'@mantine\/core'/g)].flatMap((m) =>
    m[1]
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s && !s.startsWith('type ')),
  )
}

describe('Mantine component styles', () => {
  it('come with every module that renders the component, whichever page is opened first', () => {
    const sheets = componentStylesheets()
    expect([...(sheets.get('Switch') ?? [])]).toEqual(
      expect.arrayContaining(['InlineInput.css', 'Switch.css']),
    )
    const loaded = loadedBy()
    const everyPage = loaded(join(ROOT, 'src/main.tsx'))
    expect(everyPage.has('Button.css')).toBe(true)
    const missing: string[] = []
    for (const file of sourceFiles(join(ROOT, 'src'))) {
      const own = loaded(file)
      const code = readFileSync(file, 'utf8')
      for (const name of mantineImports(file)) {
        const spared = NOT_DRAWN[name] && !NOT_DRAWN[name].unless.test(code) ? NOT_DRAWN[name].sheets : []
        const lacking = [...(sheets.get(name) ?? [])].filter(
          (s) => !everyPage.has(s) && !own.has(s) && !spared.includes(s),
        )
        if (lacking.length > 0) missing.push(`${relative(ROOT, file)}: ${name} needs ${lacking.join(', ')}`)
      }
    }
    expect(missing).toEqual([])
  })
})
