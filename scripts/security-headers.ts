import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Plugin, ViteDevServer } from 'vite'

/**
 * The security headers the console is served with (decision 19): a strict Content Security Policy built
 * from the runtime configuration, and the usual hardening headers. `npm start` and `vite preview` send them
 * through `securityHeadersPlugin`; `docs/deploy.md` gives the same for a production reverse proxy.
 */

/** The parts of public/config.json that decide where the console may connect and load images from. */
export interface CspConfig {
  apiUrl?: unknown
  regions?: unknown
  basemaps?: unknown
  /**
   * Where the service's signed storage links point when that is another host (a bucket): the console reads
   * images, files for the download manager and licence documents from them with `fetch`.
   */
  storageOrigins?: unknown
}

/** `https://a.example/x` → `https://a.example`; relative URLs (same origin) and junk → undefined. */
function originOf(url: unknown): string | undefined {
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) return undefined
  try {
    return new URL(url).origin
  } catch {
    return undefined
  }
}

const records = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null) : []

/**
 * The outside origins of the configuration: service, token servers, the storage hosts of signed links, online
 * basemaps and their tile hosts.
 */
export function outsideOrigins(config: CspConfig): { connect: string[]; images: string[] } {
  const service = [originOf(config.apiUrl), ...records(config.regions).map((r) => originOf(r.authUrl))]
  const basemaps = records(config.basemaps).flatMap((b) => [
    originOf(b.styleUrl),
    ...(Array.isArray(b.sources) ? b.sources.map(originOf) : []),
  ])
  const storage = Array.isArray(config.storageOrigins) ? config.storageOrigins.map(originOf) : []
  const unique = (xs: (string | undefined)[]) => [...new Set(xs.filter((x): x is string => !!x))]
  return { connect: unique([...service, ...storage, ...basemaps]), images: unique(basemaps) }
}

/**
 * The policy. Scripts only from the console's own origin (no inline script, no eval: the order-form
 * validator interprets schemas, see `json-schema-validator.ts`); `blob:` for quicklook images (object URLs,
 * which MapLibre also fetches) and `data:` for the glyph-free basemap's sprites; inline styles stay allowed
 * because Mantine and MapLibre write `<style>` elements and style attributes. `extraScripts` are hashes of
 * the dev server's own inline scripts (never in a production build).
 */
export function contentSecurityPolicy(config: CspConfig, extraScripts: string[] = []): string {
  const { connect, images } = outsideOrigins(config)
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...extraScripts],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:', ...images],
    ['font-src', "'self'"],
    ['connect-src', "'self'", 'blob:', ...connect],
    ['worker-src', "'self'", 'blob:'],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ]
  return directives.map((d) => d.join(' ')).join('; ')
}

/** Every header, the policy included. */
export function securityHeaders(config: CspConfig, extraScripts: string[] = []): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(config, extraScripts),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
  }
}

/** `'sha256-…'` of each inline `<script>` of an HTML page, for the dev server's React Refresh preamble. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = []
  for (const m of html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    hashes.push(`'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`)
  }
  return hashes
}

function readConfig(file: string): CspConfig {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as CspConfig
  } catch {
    return {}
  }
}

type Next = (err?: unknown) => void

/** Sends the headers from the dev server (`npm start`) and `vite preview`. */
export function securityHeadersPlugin(configFile = 'public/config.json'): Plugin {
  const send = (res: ServerResponse, extraScripts: string[]) => {
    for (const [name, value] of Object.entries(securityHeaders(readConfig(configFile), extraScripts)))
      res.setHeader(name, value)
  }
  let devHashes: Promise<string[]> | undefined
  const devScripts = (server: ViteDevServer) =>
    (devHashes ??= server
      .transformIndexHtml('/', readFileSync('index.html', 'utf8'))
      .then(inlineScriptHashes)
      .catch(() => []))
  return {
    name: 'swath-security-headers',
    configureServer(server) {
      server.middlewares.use((_req: IncomingMessage, res: ServerResponse, next: Next) => {
        devScripts(server).then(
          (hashes) => {
            send(res, hashes)
            next()
          },
          (err: unknown) => next(err),
        )
      })
    },
    configurePreviewServer(server) {
      server.middlewares.use((_req: IncomingMessage, res: ServerResponse, next: Next) => {
        send(res, [])
        next()
      })
    },
  }
}
