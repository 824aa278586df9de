import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { TOKEN_PATH } from '../routes/token'

/**
 * The standalone simulator (`npm run simulator`) as a separate process on free ports, for tests that need it
 * as a real service would be: over sockets, started by its own entry point, stopped at the end.
 */

export interface StandaloneSimulator {
  apiUrl: string
  authUrl: string
  /** Everything the process printed so far (stdout and stderr). */
  output(): string
  /** Stops the process and everything it started (npm, the shell and node are one process group). */
  stop(): Promise<void>
}

/** A port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const address = s.address()
      s.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

export async function startStandaloneSimulator({
  timeoutMs = 180_000,
  cwd,
  proxyHosts = [],
}: {
  timeoutMs?: number
  cwd?: string
  /** The hosts a proxy in front (nginx) serves it under: its forwarded host is believed for these only. */
  proxyHosts?: string[]
} = {}): Promise<StandaloneSimulator> {
  const [apiPort, authPort] = [await freePort(), await freePort()]
  const proxy = proxyHosts.length > 0 ? ['--proxy-hosts', proxyHosts.join(',')] : []
  const child = spawn(
    'npm',
    ['run', 'simulator', '--', '--api-port', String(apiPort), '--auth-port', String(authPort), ...proxy],
    { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let out = ''
  child.stdout.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr.on('data', (d: Buffer) => (out += d.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const apiUrl = `http://127.0.0.1:${apiPort}`
  const authUrl = `http://127.0.0.1:${authPort}`
  const stop = async () => {
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      // Already gone.
    }
    await exited
  }
  // Ready when both servers answer: the token server refuses a form without a grant, the API a missing token.
  const started = Date.now()
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the standalone simulator exited:\n${out}`)
    if (Date.now() - started > timeoutMs) {
      await stop()
      throw new Error(`the standalone simulator did not answer within ${timeoutMs / 1000} s:\n${out}`)
    }
    try {
      const [api, auth] = await Promise.all([
        fetch(`${apiUrl}/v2/assets/stac`),
        fetch(`${authUrl}${TOKEN_PATH}`, { method: 'POST' }),
      ])
      if (api.status === 401 && auth.status >= 400 && auth.status < 500) break
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  return { apiUrl, authUrl, output: () => out, stop }
}
