import { readFileSync } from 'node:fs'
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript'
import { describe, expect, it } from 'vitest'

// The console and the simulator are typed from src/api/schema.d.ts; it must be what `npm run gen:api`
// makes from the contract today, or both halves would compile against an old contract.
describe('generated contract types', () => {
  it('src/api/schema.d.ts is up to date with contract/openapi.yaml (run `npm run gen:api`)', async () => {
    const ast = await openapiTS(new URL('./openapi.yaml', import.meta.url))
    const expected = COMMENT_HEADER + astToString(ast)
    const actual = readFileSync(new URL('../src/api/schema.d.ts', import.meta.url), 'utf8')
    expect(actual === expected, 'src/api/schema.d.ts is stale: run `npm run gen:api`').toBe(true)
  })
})
