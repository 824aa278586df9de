import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import type { ApiCall } from './api-call'
import {
  curlSnippet,
  pyLiteral,
  pythonSnippet,
  sdkSnippet,
  shellQuote,
  snippetsOf,
  typescriptSnippet,
  urlOf,
  type CodeRequestSet,
  type CodeTarget,
} from './request-code'

const target: CodeTarget = {
  apiUrl: 'https://swath.example/api',
  tokenUrl: 'https://swath.example/auth/realms/public/protocol/openid-connect/token',
  clientId: 'service-api',
  username: 'analyst@swath.test',
  userWorkspaceId: 'ws-own',
}

const search: ApiCall = {
  method: 'POST',
  path: '/catalog/hosts/{host-name}/stac/search',
  params: { path: { 'host-name': 'one atlas' }, query: { next: 'next:a+b/c' } },
  body: { limit: 5, collections: ['phr'], datetime: '2026-01-01T00:00:00Z/2026-02-01T23:59:59Z', x: null },
}

const set = (steps: CodeRequestSet['steps'], sdk?: CodeRequestSet['sdk']): CodeRequestSet => ({
  title: 'Test',
  steps,
  sdk,
})

describe('urlOf', () => {
  it('writes the URL as the client does: path parameters and query values encoded', () => {
    expect(urlOf(search, 'https://swath.example/api/')).toBe(
      'https://swath.example/api/catalog/hosts/one%20atlas/stac/search?next=next%3Aa%2Bb%2Fc',
    )
  })

  it('uses a query string the client writes itself, and repeats list values', () => {
    expect(
      urlOf({ method: 'GET', path: '/v2/x', params: {}, queryString: 'page=0&tags=a,b' }, target.apiUrl),
    ).toBe('https://swath.example/api/v2/x?page=0&tags=a,b')
    expect(
      urlOf({ method: 'GET', path: '/v2/x', params: { query: { status: ['A', 'B'] } } }, target.apiUrl),
    ).toBe('https://swath.example/api/v2/x?status=A&status=B')
  })
})

describe('literals', () => {
  it('writes JSON as Python: True, False and None, strings and numbers as JSON spells them', () => {
    expect(pyLiteral({ a: true, b: false, c: null, d: [1, 2.5, 'x"y'], e: {} })).toBe(
      '{\n    "a": True,\n    "b": False,\n    "c": None,\n    "d": [\n        1,\n        2.5,\n        "x\\"y",\n    ],\n    "e": {},\n}',
    )
  })

  it('quotes any string as one shell word', () => {
    expect(shellQuote("it's")).toBe(`'it'\\''s'`)
  })
})

describe('curl', () => {
  const code = curlSnippet(set([{ title: 'The search', call: search, pages: 'features' }]), target)

  it('gets the token with one command: password grant to the token server with the client id', () => {
    expect(code).toContain(`TOKEN=$(curl --fail-with-body -sS -X POST '${target.tokenUrl}'`)
    expect(code).toContain(`--data-urlencode 'client_id=service-api'`)
    expect(code).toContain(`--data-urlencode 'username=analyst@swath.test'`)
    expect(code).toContain('--data-urlencode "password=$SWATH_PASSWORD"')
  })

  it('sends the same method, URL and body, with the token in a variable', () => {
    expect(code).toContain(
      "curl --fail-with-body -sS -X POST 'https://swath.example/api/catalog/hosts/one%20atlas/stac/search?next=next%3Aa%2Bb%2Fc'",
    )
    expect(code).toContain('-H "Authorization: Bearer $TOKEN"')
    const body = /<<'JSON'\n([\s\S]*?)\nJSON\n/.exec(code)?.[1]
    expect(JSON.parse(body ?? '')).toEqual(search.body)
    expect(code).toMatch(/next" link/)
  })

  it('sends no body with a GET', () => {
    const get = curlSnippet(
      set([{ title: 'List', call: { method: 'GET', path: '/v2/x', params: {}, body: { a: 1 } } }]),
      target,
    )
    expect(get).not.toContain('--data-binary')
  })
})

describe('Python', () => {
  it('asks for the token, reads the password from the environment and pages through next links', () => {
    const code = pythonSnippet(set([{ title: 'The search', call: search, pages: 'features' }]), target)
    expect(code).toContain('"password": os.environ["SWATH_PASSWORD"]')
    expect(code).toContain(`TOKEN_URL = "${target.tokenUrl}"`)
    expect(code).toContain('def all_pages(method, url, body, items):')
    expect(code).toContain(
      'result = all_pages("POST", API + "/catalog/hosts/one%20atlas/stac/search?next=next%3Aa%2Bb%2Fc", {',
    )
    expect(code).toContain('"x": None')
  })

  it('has no paging helper where nothing pages, and a body only where one is sent', () => {
    const code = pythonSnippet(
      set([{ title: 'Estimate', call: { method: 'POST', path: '/v2/e', params: {}, body: { a: 1 } } }]),
      target,
    )
    expect(code).not.toContain('all_pages')
    expect(code).toContain('response = session.request("POST", API + "/v2/e", json={')
  })
})

describe('TypeScript', () => {
  it('is a module that compiles, with fetch and the password from the environment', () => {
    const code = typescriptSnippet(
      set([
        { title: 'The search', call: search, pages: 'features' },
        { title: 'Back`tick ${x}', call: { method: 'GET', path: '/v2/`q`', params: {} } },
      ]),
      target,
    )
    const out = ts.transpileModule(code, {
      reportDiagnostics: true,
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    })
    expect(out.diagnostics ?? []).toEqual([])
    expect(code).toContain('const password = process.env.SWATH_PASSWORD')
    expect(code).toContain('async function allPages(')
    expect(code).toContain(`const TOKEN_URL = '${target.tokenUrl}'`)
  })
})

describe('secrets', () => {
  it('writes no token and no password in any form', () => {
    const all = snippetsOf(
      set([{ title: 'The search', call: search, pages: 'features' }], {
        kind: 'catalog-search',
        host: 'oneatlas',
        body: search.body as Record<string, unknown>,
      }),
      target,
    )
    for (const code of [
      all.curl,
      all.python,
      all.typescript,
      all.sdk && 'code' in all.sdk ? all.sdk.code : '',
    ]) {
      expect(code).toContain('SWATH_PASSWORD')
      expect(code).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}/)
      expect(code).not.toContain('swath-demo')
    }
  })
})

describe('SDK forms', () => {
  const sdk = (s: CodeRequestSet['sdk']) => sdkSnippet(set([], s), target)

  it('searches the host with whole days and the same filters', () => {
    const out = sdk({
      kind: 'catalog-search',
      host: 'oneatlas',
      body: {
        limit: 5,
        collections: ['phr'],
        datetime: '2026-01-01T00:00:00Z/..',
        bbox: [1, 2, 3, 4],
        query: { cloudCoverage: { lte: 20 } },
      },
    })
    expect(out && 'code' in out).toBe(true)
    const code = out && 'code' in out ? out.code : ''
    expect(code).toContain(
      'up42.authenticate(username="analyst@swath.test", password=os.environ["SWATH_PASSWORD"])',
    )
    expect(code).toContain('provider.is_host and provider.name == "oneatlas"')
    expect(code).toContain('start_date="2026-01-01",')
    expect(code).not.toContain('end_date')
    expect(code).toContain('host.search(')
  })

  it('says why when the search cannot be said in the SDK', () => {
    expect(sdk({ kind: 'catalog-search', host: 'h', body: { datetime: '2026-01-01T10:00:00Z/..' } })).toEqual(
      { unavailable: expect.stringMatching(/whole UTC days/) as unknown },
    )
  })

  it('places with BatchOrderTemplate, naming the workspace only when it is not the user’s own', () => {
    const request = {
      dataProduct: 'dp',
      displayName: 'Order',
      params: { id: 'scene' },
      featureCollection: { type: 'FeatureCollection', features: [] },
      budgetId: 'b1',
    }
    const own = sdk({ kind: 'order', request, workspaceId: 'ws-own', place: true })
    const other = sdk({ kind: 'order', request, workspaceId: 'ws-2', place: true })
    const code = own && 'code' in own ? own.code : ''
    expect(code).toContain('template = up42.BatchOrderTemplate(')
    expect(code).toContain('data_product_id="dp",')
    expect(code).toContain('budget_id="b1",')
    expect(code).toContain('template.place()')
    expect(code).not.toContain('user_id')
    expect(other && 'code' in other ? other.code : '').toContain('user_id="ws-2",')
  })

  it('runs a job through its processing template, with the items from storage', () => {
    const base = 'https://swath.example/api/v2/assets/stac/collections/c%201/items/i1'
    const out = sdk({
      kind: 'job',
      processId: 'pansharpening',
      inputs: { title: 'T', item: base, greyWeights: [{ band: 'red', weight: 0.5 }] },
      workspaceId: 'ws-2',
      budgetId: null,
    })
    const code = out && 'code' in out ? out.code : ''
    expect(code).toContain('item = stac.get_collection("c 1").get_item("i1")')
    expect(code).toContain('template = processing_templates.Pansharpening(')
    expect(code).toContain('grey_weights=[processing_templates.GreyWeight(band="red", weight=0.5)],')
    expect(code).toContain('workspace_id="ws-2",')
    expect(code).toContain('template.execute()')
  })

  it('has no job form for a budget, an input the template lacks or an unknown process', () => {
    const item = 'https://x/v2/assets/stac/collections/c/items/i'
    const job = (processId: string, inputs: Record<string, unknown>, budgetId: string | null = null) =>
      sdk({ kind: 'job', processId, inputs, workspaceId: null, budgetId })
    expect(job('upsampling-ns', { title: 'T', item }, 'b')).toHaveProperty('unavailable')
    expect(job('detection-ships-airbus', { title: 'T', item, sensitivity: 7 })).toEqual({
      unavailable: expect.stringMatching(/sensitivity/) as unknown,
    })
    expect(job('no-such-process', { title: 'T' })).toHaveProperty('unavailable')
  })

  it('searches storage with the SDK’s STAC client', () => {
    const out = sdk({
      kind: 'stac-search',
      body: { limit: 50, page: 0, filter: { op: '=' }, 'filter-lang': 'cql2-json' },
    })
    const code = out && 'code' in out ? out.code : ''
    expect(code).toContain('search = up42.stac_client().search(')
    expect(code).toContain('filter_lang="cql2-json",')
    expect(code).not.toContain('page=')
  })
})

describe('an every-host search', () => {
  const merged: CodeRequestSet = {
    title: 'Every host',
    steps: ['a', 'b'].map((host) => ({
      title: host,
      label: host,
      pages: 'features' as const,
      call: { ...search, params: { path: { 'host-name': host } } },
    })),
    merge: { by: 'date', descending: true, note: 'newest first' },
  }

  it('gathers every host in Python and TypeScript, and prints one merged list', () => {
    const py = pythonSnippet(merged, target)
    expect(py).toContain('answers.append(("a", all_pages("POST", API + "/catalog/hosts/a/stac/search"')
    expect(py).toContain('merged.sort(key=order)')
    expect(py.match(/print\(/g)).toHaveLength(1)
    const code = typescriptSnippet(merged, target)
    expect(code.match(/console\.log/g)).toHaveLength(1)
    const out = ts.transpileModule(code, { reportDiagnostics: true, compilerOptions: { module: 99 } })
    expect(out.diagnostics ?? []).toEqual([])
  })

  it('sends one request per host with curl, saying how the console merges them', () => {
    const sh = curlSnippet(merged, target)
    expect(sh.match(/-X POST/g)?.length).toBe(3)
    expect(sh).toContain('The console merges them: newest first')
  })
})
