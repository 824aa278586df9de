import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'
import { boundaries, dataImports, packageHomes } from './eslint-boundaries.js'

// The boundary and package-home rules of eslint.config.js, run on their own (no type information needed) over probes: an
// import that crosses a boundary is written as if it stood at a path of the console and linted there; the
// cycle is two real files in scripts/lint-fixtures/ (the main lint ignores them).
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfigFile: true,
  overrideConfig: [
    { files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } },
    ...boundaries(['catalog', 'orders']),
    ...packageHomes(),
    ...dataImports(),
  ],
})

async function problems(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'fatal'}: ${m.message}`)
}

describe('import boundaries', () => {
  it('refuse a feature importing a sibling feature, by a relative path', async () => {
    const found = await problems(
      "import { readOrdersView } from '../orders/url-state'\nexport const v = readOrdersView\n",
      'src/features/catalog/probe.ts',
    )
    expect(found).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*Features never import/)])
  })

  it('refuse lib importing a feature', async () => {
    const found = await problems(
      "import { readOrdersView } from '../features/orders/url-state'\nexport const v = readOrdersView\n",
      'src/lib/probe.ts',
    )
    expect(found).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*lib may import only/)])
  })

  it('refuse the data layer importing a feature, and a component importing data', async () => {
    expect(
      await problems(
        "import { readOrdersView } from '../../features/orders/url-state'\nexport const v = readOrdersView\n",
        'src/data/orders/probe.ts',
      ),
    ).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*data may import only/)])
    expect(
      await problems(
        "import { orderKeys } from '../../data/orders/keys'\nexport const k = orderKeys\n",
        'src/components/budget-gate/probe.ts',
      ),
    ).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*components may import only/)])
  })

  it('refuse the data layer importing a component, in its modules and its tests, keeping the package homes', async () => {
    const component =
      "import { SchemaForm } from '../../components/schema-form/schema-form'\nexport const f = SchemaForm\n"
    for (const file of ['src/data/orders/probe.ts', 'src/data/orders/probe.test.ts']) {
      expect(await problems(component, file)).toEqual([
        expect.stringMatching(/^no-restricted-imports: .*src\/data\/ never imports src\/components\//),
      ])
    }
    const lib =
      "import { cleanParams } from '../../lib/order-params/form-model'\nexport const c = cleanParams\n"
    expect(await problems(lib, 'src/data/orders/probe.ts')).toEqual([])
    const rjsf = "import { getUiOptions } from '@rjsf/utils'\nexport const g = getUiOptions\n"
    expect(await problems(rjsf, 'src/data/orders/probe.ts')).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*Only src\/components\/schema-form\/ imports rjsf/),
    ])
    const turf = "import { area } from '@turf/turf'\nexport const a = area\n"
    expect(await problems(turf, 'src/data/orders/probe.ts')).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*Only src\/lib\/geo\/ wraps turf/),
    ])
    expect(await problems(turf, 'src/data/orders/probe.test.ts')).toEqual([])
  })

  it('allow what the layers allow: a feature its own modules, data, components and lib', async () => {
    const found = await problems(
      [
        "import { readCatalogView } from './url-state'",
        "import { orderKeys } from '../../data/orders/keys'",
        "import { formatCredits } from '../../lib/format'",
        'export const all = [readCatalogView, orderKeys, formatCredits]',
        '',
      ].join('\n'),
      'src/features/catalog/probe.ts',
    )
    expect(found).toEqual([])
  })

  it('refuse a module of the console importing src/testing, and let a test import it', async () => {
    const probe = "import { poly } from '../../testing/builders'\nexport const p = poly\n"
    expect(await problems(probe, 'src/features/catalog/probe.ts')).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*Only tests import src\/testing/),
    ])
    expect(
      await problems("import { poly } from './testing/builders'\nexport const p = poly\n", 'src/main.tsx'),
    ).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*Only tests import src\/testing/)])
    expect(await problems(probe, 'src/features/catalog/probe.test.ts')).toEqual([])
  })

  it('refuse turf outside src/lib/geo, and let lib/geo and the tests import it', async () => {
    const probe = "import { area } from '@turf/turf'\nexport const a = area\n"
    expect(await problems(probe, 'src/features/catalog/probe.ts')).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*Only src\/lib\/geo\/ wraps turf/),
    ])
    expect(
      await problems("import { union } from '@turf/union'\nexport const u = union\n", 'src/map/probe.ts'),
    ).toEqual([expect.stringMatching(/^no-restricted-imports: .*Only src\/lib\/geo\/ wraps turf/)])
    expect(await problems(probe, 'src/lib/geo/probe.ts')).toEqual([])
    expect(await problems(probe, 'src/features/catalog/probe.test.ts')).toEqual([])
  })

  it('let each home import only its own package', async () => {
    const engine = "import { Map } from 'maplibre-gl'\nexport const M = Map\n"
    expect(await problems(engine, 'src/map/probe.ts')).toEqual([])
    expect(await problems(engine, 'src/lib/geo/probe.ts')).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*Only src\/map\/ imports the map engine/),
    ])
    expect(await problems(engine, 'src/lib/geo/probe.test.ts')).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*Only src\/map\/ imports the map engine/),
    ])
    const sim = "import { createSimulator } from '../../simulator/probe'\nexport const s = createSimulator\n"
    expect(await problems(sim, 'src/testing/probe.ts')).toEqual([])
    expect(await problems(sim, 'src/features/probe.test.ts')).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*never imports the simulator/),
    ])
  })

  it('refuse an import cycle', async () => {
    const [result] = await eslint.lintFiles(['scripts/lint-fixtures/cycle-a.ts'])
    expect(result?.messages.map((m) => m.ruleId)).toEqual(['import-x/no-cycle'])
  })
})
