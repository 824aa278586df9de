import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { localNginxConfig, localServerBlock, NGINX_CONF } from './nginx-config'
import { contentSecurityPolicy, securityHeaders, type CspConfig } from './security-headers'

/**
 * docs/deploy.md quotes the nginx configuration that `npm run verify` serves the console with (e2e/nginx/), so
 * the documented server is the tested one; its headers are the dev and preview servers' (decision 19).
 */

const conf = readFileSync(NGINX_CONF, 'utf8')
const doc = readFileSync('docs/deploy.md', 'utf8')
const config = JSON.parse(readFileSync('public/config.json', 'utf8')) as CspConfig

/** The fenced blocks of a Markdown text in a given language. */
const fenced = (md: string, lang: string) =>
  [...md.matchAll(new RegExp('^```' + lang + '\\n([\\s\\S]*?)^```$', 'gm'))].map((m) => m[1])

describe('the documented nginx configuration', () => {
  it('is quoted in docs/deploy.md exactly as deploy/nginx.conf holds it', () => {
    expect(fenced(doc, 'nginx'), `copy ${NGINX_CONF} whole into docs/deploy.md's nginx block`).toEqual([conf])
  })

  it('sends the headers the dev and preview servers send, on every answer', () => {
    const sent = Object.fromEntries(
      [...conf.matchAll(/^ {4}add_header (\S+) "([^"]*)" always;$/gm)].map((m) => [m[1], m[2]]),
    )
    const { 'Cache-Control': cache, ...security } = sent
    expect(cache).toBeUndefined()
    expect(security).toEqual(securityHeaders(config))
    // Only the server block adds headers: a location's own add_header would drop the server's.
    const headerLines = conf.split('\n').filter((l) => /^\s*add_header /.test(l))
    expect(headerLines.every((l) => l.startsWith('    add_header '))).toBe(true)
    expect(conf).toMatch(/^ {4}add_header Cache-Control \$swath_cache_control always;$/m)
  })

  it('docs/deploy.md gives the same policy in plain words', () => {
    const policy = fenced(doc, '')
      .map((b) => b.replace(/\n/g, ' ').trim())
      .find((b) => b.startsWith('default-src'))
    expect(policy).toBe(contentSecurityPolicy(config))
  })

  it('runs locally with only its placeholders replaced, every written path under the prefix', () => {
    const o = {
      prefix: '/tmp/swath-nginx',
      dist: '/work/dist',
      port: 41000,
      api: 'http://127.0.0.1:41001',
      auth: 'http://127.0.0.1:41002/',
      authSa: 'http://127.0.0.1:41002',
    }
    const block = localServerBlock(conf, o)
    const directives = block.replace(/^\s*#.*$/gm, '')
    expect(directives).not.toMatch(/UPSTREAM|8080|\/srv\//)
    expect(block).toContain('listen 127.0.0.1:41000;')
    expect(block).toContain('proxy_pass http://127.0.0.1:41001/;')
    expect(block.match(/proxy_pass http:\/\/127\.0\.0\.1:41002\/;/g)).toHaveLength(2)
    // Everything else is the documented text, line for line.
    expect(block.split('\n').filter((l, i) => l !== conf.split('\n')[i])).toHaveLength(5)
    const whole = localNginxConfig(o, conf)
    expect(whole).toContain('daemon off;')
    const written = [...whole.matchAll(/^\s*(?:pid|error_log|access_log|\w+_temp_path) ([^\s;]+)/gm)]
    expect(written).toHaveLength(8)
    for (const m of written) expect(m[1]).toMatch(/^\/tmp\/swath-nginx\//)
    expect(() => localServerBlock(conf.replace('https://API_UPSTREAM/', 'x'), o)).toThrow(/API_UPSTREAM/)
  })

  it('keeps its workers as the user who runs it, root included (root would hand them to nobody)', () => {
    const o = {
      prefix: '/tmp/p',
      dist: '/root/x/dist',
      port: 1,
      api: 'http://a',
      auth: 'http://b',
      authSa: 'http://c',
    }
    expect(localNginxConfig({ ...o, rootUser: true }, conf)).toMatch(/^user root;$/m)
    expect(localNginxConfig(o, conf)).not.toMatch(/^\s*user /m)
  })
})
