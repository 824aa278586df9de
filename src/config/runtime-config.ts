/**
 * Runtime configuration, read from /config.json at start so one build serves any deployment. The default
 * file points at the simulator embedded in the dev and preview servers.
 */
export interface Region {
  id: string
  label: string
  authUrl: string
}

/** Demo accounts a sign-in page may list: present only in the simulator's config, never a real one. */
export interface DemoAccounts {
  password: string
  accounts: { email: string; description: string }[]
}

/** An online basemap (a MapLibre style URL) offered beside the offline one. */
export interface Basemap {
  id: string
  label: string
  styleUrl: string
}

export interface RuntimeConfig {
  apiUrl: string
  clientId: string
  docsUrl: string
  regions: Region[]
  demo?: DemoAccounts
  /**
   * How often the notification centre reads while the tab is visible, seconds (default 60: the budget of
   * decision 34). Journeys shorten it so that they do not wait out a minute per step.
   */
  notifyIntervalSeconds: number
  /** Optional online basemaps; the offline Natural Earth map is always there and is the default. */
  basemaps: Basemap[]
}

function parseBasemaps(raw: unknown): Basemap[] {
  if (!Array.isArray(raw)) return []
  return raw.flatMap((b: unknown) => {
    const m = b as Partial<Basemap> | null
    return m && typeof m.id === 'string' && typeof m.styleUrl === 'string' && m.id !== 'offline'
      ? [{ id: m.id, label: typeof m.label === 'string' ? m.label : m.id, styleUrl: m.styleUrl }]
      : []
  })
}

function parseDemo(raw: unknown): DemoAccounts | undefined {
  const d = raw as Partial<DemoAccounts> | null | undefined
  if (!d || typeof d.password !== 'string' || !Array.isArray(d.accounts)) return undefined
  return {
    password: d.password,
    accounts: d.accounts.filter(
      (a): a is DemoAccounts['accounts'][number] =>
        !!a && typeof a.email === 'string' && typeof a.description === 'string',
    ),
  }
}

export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  const c = raw as Partial<RuntimeConfig> | null
  const problems: string[] = []
  if (!c || typeof c !== 'object') throw new Error('config.json must hold a JSON object')
  if (typeof c.apiUrl !== 'string' || c.apiUrl === '') problems.push('apiUrl (the service URL) is missing')
  if (typeof c.clientId !== 'string' || c.clientId === '') problems.push('clientId is missing')
  if (!Array.isArray(c.regions) || c.regions.length === 0)
    problems.push('regions must list at least one token server')
  else
    c.regions.forEach((r, i) => {
      if (!r || typeof r.id !== 'string' || typeof r.authUrl !== 'string')
        problems.push(`regions[${i}] needs id and authUrl`)
    })
  if (problems.length > 0) throw new Error(`config.json is not valid: ${problems.join('; ')}`)
  return {
    apiUrl: (c.apiUrl as string).replace(/\/$/, ''),
    clientId: c.clientId as string,
    docsUrl: typeof c.docsUrl === 'string' ? c.docsUrl : '',
    regions: (c.regions as Region[]).map((r) => ({
      ...r,
      label: r.label || r.id,
      authUrl: r.authUrl.replace(/\/$/, ''),
    })),
    ...(parseDemo(c.demo) ? { demo: parseDemo(c.demo) } : {}),
    basemaps: parseBasemaps(c.basemaps),
    notifyIntervalSeconds:
      typeof c.notifyIntervalSeconds === 'number' && c.notifyIntervalSeconds >= 1
        ? c.notifyIntervalSeconds
        : 60,
  }
}

export async function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  const res = await fetch(url, { cache: 'no-store' })
  if (!res.ok) throw new Error(`Could not load ${url} (HTTP ${res.status}).`)
  return parseRuntimeConfig(await res.json())
}
