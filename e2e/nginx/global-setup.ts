import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { localNginxConfig } from '../../scripts/nginx-config'
import { freePort, startStandaloneSimulator } from '../../simulator/testing/standalone'

/**
 * The production server the deploy guide documents: nginx, run as this user with every file it writes in a
 * folder of its own, serving the build in dist/ (built by the main Playwright config, `npm run build` or
 * `npm run verify`) with deploy/nginx.conf, in front of the standalone simulator standing in for the service
 * and its token servers. Its address goes to the journeys in SWATH_NGINX_URL.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dist = path.resolve('dist')
  if (!existsSync(path.join(dist, 'index.html')))
    throw new Error('dist/ has no build: run `npm run build` first (npm run verify builds it)')
  const nginx = process.env.NGINX_PATH ?? (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx')

  const port = await freePort()
  // nginx forwards the console's own host ($http_host): the simulator writes links (paging, signed
  // downloads) to it, and to no other host a caller names.
  const sim = await startStandaloneSimulator({ proxyHosts: [`127.0.0.1:${port}`] })
  const prefix = mkdtempSync(path.join(tmpdir(), 'swath-nginx-'))
  const file = path.join(prefix, 'nginx.conf')
  writeFileSync(
    file,
    localNginxConfig({
      prefix,
      dist,
      port,
      api: sim.apiUrl,
      auth: sim.authUrl,
      authSa: sim.authUrl,
      rootUser: process.getuid?.() === 0,
    }),
  )
  let out = ''
  const server = spawn(nginx, ['-p', prefix, '-c', file, '-e', path.join(prefix, 'error.log')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server.stdout.on('data', (d: Buffer) => (out += d.toString()))
  server.stderr.on('data', (d: Buffer) => (out += d.toString()))
  let spawnError: Error | undefined
  server.once('error', (err) => (spawnError = err))
  const exited = new Promise<void>((resolve) => server.once('close', () => resolve()))

  const teardown = async () => {
    if (!spawnError && server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM')
      await exited
    }
    await sim.stop()
    rmSync(prefix, { recursive: true, force: true })
  }

  const url = `http://127.0.0.1:${port}`
  const started = Date.now()
  for (;;) {
    if (server.exitCode !== null || spawnError) {
      await teardown()
      throw new Error(`nginx did not start (${nginx}): ${spawnError?.message ?? ''}\n${out}`)
    }
    try {
      if ((await fetch(`${url}/config.json`)).ok) break
    } catch {
      // Not listening yet.
    }
    if (Date.now() - started > 30_000) {
      await teardown()
      throw new Error(`nginx did not answer on ${url} within 30 s:\n${out}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  process.env.SWATH_NGINX_URL = url
  process.env.SWATH_NGINX_ERROR_LOG = path.join(prefix, 'error.log')
  return teardown
}
