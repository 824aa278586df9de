import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'
import { boundaries, dataImports, oneUrlHome, packageHomes } from './eslint-boundaries.js'

// The boundary, package-home and URL rules of eslint.config.js, run on their own (no type information needed) over probes: an
// import that crosses a boundary is written as if it stood at a path of the console and linted there; the
// cycle is two real files in scripts/lint-fixtures/ (the main lint ignores them).
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfigFile: true,
  overrideConfig: [
    { files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } },
    ...boundaries(['catalog', 'orders']),
    ...oneUrlHome([...packageHomes(), ...dataImports()]),
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

  it('refuse a component reading the URL itself, and let the feature’s view hook read it', async () => {
    const probe =
      "import { useSearchParams } from 'react-router'\nexport const useProbe = () => useSearchParams()[0]\n"
    for (const file of [
      'src/features/catalog/components/result-list.tsx',
      'src/features/catalog/use-scene-search.ts',
      'src/components/role-notice/use-shared-draft.ts',
      'src/features/catalog/components/catalog-page.test.tsx',
    ])
      expect(await problems(probe, file)).toEqual([
        expect.stringMatching(/^no-restricted-imports: .*view hook \(use-<feature>-view\.ts\)/),
      ])
    expect(await problems(probe, 'src/features/catalog/use-catalog-view.ts')).toEqual([])
    expect(await problems(probe, 'src/app/session/use-sign-in-view.ts')).toEqual([])
    // The rest of react-router stays free everywhere.
    const link = "import { Link, useParams } from 'react-router'\nexport const all = [Link, useParams]\n"
    expect(await problems(link, 'src/features/catalog/components/result-list.tsx')).toEqual([])
  })

  it('refuse the latest-search hook outside a view hook: it is useSearchParams by another name', async () => {
    const probe =
      "import { useLatestSearch } from '../../lib/use-latest-search'\nexport const u = useLatestSearch\n"
    expect(await problems(probe, 'src/features/orders/components/orders-page.tsx')).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*view hook/),
    ])
    expect(await problems(probe, 'src/features/orders/use-orders-view.ts')).toEqual([])
  })

  it('keep the package homes and the data rule in a view hook, where the URL is free', async () => {
    const turf = "import { area } from '@turf/turf'\nexport const a = area\n"
    expect(await problems(turf, 'src/features/catalog/use-catalog-view.ts')).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*Only src\/lib\/geo\/ wraps turf/),
    ])
    const both = [
      "import { useSearchParams } from 'react-router'",
      "import { SchemaForm } from '../../components/schema-form/schema-form'",
      'export const all = [useSearchParams, SchemaForm]',
      '',
    ].join('\n')
    expect(await problems(both, 'src/data/orders/use-orders-view.ts')).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*src\/data\/ never imports src\/components\//),
    ])
    expect(await problems(both, 'src/data/orders/probe.ts')).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*view hook/),
      expect.stringMatching(/^no-restricted-imports: .*src\/data\/ never imports src\/components\//),
    ])
  })

  it('refuse an import cycle', async () => {
    const [result] = await eslint.lintFiles(['scripts/lint-fixtures/cycle-a.ts'])
    expect(result?.messages.map((m) => m.ruleId)).toEqual(['import-x/no-cycle'])
  })
})
