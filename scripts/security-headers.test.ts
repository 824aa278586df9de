import { readFileSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  contentSecurityPolicy,
  inlineScriptHashes,
  outsideOrigins,
  securityHeaders,
} from './security-headers'

const directives = (csp: string) =>
  Object.fromEntries(
    csp.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/)
      return [name, values]
    }),
  )

describe('the Content Security Policy', () => {
  it('is strict for the embedded simulator: own origin only, no inline script, no eval, no framing', () => {
    const d = directives(contentSecurityPolicy({ apiUrl: '/api', regions: [{ authUrl: '/auth' }] }))
    expect(d['default-src']).toEqual(["'self'"])
    expect(d['script-src']).toEqual(["'self'"])
    expect(d['object-src']).toEqual(["'none'"])
    expect(d['base-uri']).toEqual(["'none'"])
    expect(d['frame-ancestors']).toEqual(["'none'"])
    expect(d['connect-src']).toEqual(["'self'", 'blob:'])
    expect(d['img-src']).toEqual(["'self'", 'data:', 'blob:'])
    expect(Object.values(d).flat()).not.toContain("'unsafe-eval'")
  })

  it('opens only the configured outside origins: service, token servers, basemaps and their tile hosts', () => {
    const config = {
      apiUrl: 'https://api.example.com/v2',
      regions: [{ authUrl: 'https://auth.example.com/realms/x' }, { authUrl: '/auth-sa' }, { authUrl: 42 }],
      basemaps: [
        {
          styleUrl: 'https://tiles.example.org/style.json',
          sources: ['https://a.tile.example.org/{z}/{x}/{y}.png'],
        },
        { styleUrl: 'javascript:alert(1)' },
      ],
    }
    expect(outsideOrigins(config)).toEqual({
      connect: [
        'https://api.example.com',
        'https://auth.example.com',
        'https://tiles.example.org',
        'https://a.tile.example.org',
      ],
      images: ['https://tiles.example.org', 'https://a.tile.example.org'],
    })
    const d = directives(contentSecurityPolicy(config))
    expect(d['script-src']).toEqual(["'self'"])
    expect(d['img-src']).toContain('https://a.tile.example.org')
  })

  it('lets the console fetch from the storage host of signed links when config.json lists it', () => {
    // Signed links on another host (a bucket): image reads, the download manager and licence documents fetch
    // them, so the host must be in connect-src — and only there, as an origin, whatever path was written.
    const config = {
      apiUrl: '/api',
      storageOrigins: ['https://storage.example.net/bucket/', 'not a url', 'javascript:alert(1)'],
    }
    expect(outsideOrigins(config)).toEqual({ connect: ['https://storage.example.net'], images: [] })
    const d = directives(contentSecurityPolicy(config))
    expect(d['connect-src']).toEqual(["'self'", 'blob:', 'https://storage.example.net'])
    expect(d['img-src']).not.toContain('https://storage.example.net')
  })

  it('is documented with the storage host for a deployment whose signed links point elsewhere', () => {
    const guide = readFileSync('docs/deploy.md', 'utf8')
    const config = { apiUrl: '/api', storageOrigins: ['https://storage.example.net'] }
    expect(guide).toContain('"storageOrigins": ["https://storage.example.net"]')
    expect(guide.replace(/\s+/g, ' ')).toContain(contentSecurityPolicy(config).replace(/\s+/g, ' '))
  })

  it('allows the dev server’s own inline scripts by hash, never by unsafe-inline', () => {
    const body = 'import { injectIntoGlobalHook } from "/@react-refresh";'
    const html = `<head><script type="module" src="/@vite/client"></script><script type="module">${body}</script></head>`
    const hash = `'sha256-${createHash('sha256').update(body).digest('base64')}'`
    expect(inlineScriptHashes(html)).toEqual([hash])
    expect(directives(contentSecurityPolicy({}, [hash]))['script-src']).toEqual(["'self'", hash])
  })

  it('comes with the hardening headers', () => {
    const h = securityHeaders({})
    expect(h['X-Content-Type-Options']).toBe('nosniff')
    expect(h['Referrer-Policy']).toBe('no-referrer')
    expect(h['Permissions-Policy']).toContain('camera=()')
  })
})
