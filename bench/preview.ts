import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'

/**
 * What the browser benchmarks share: `vite preview` of the bench build with the simulator embedded, in its
 * own process group so that it can be ended whole, and signing in as the demo analyst.
 */

export const BENCH_OUT = 'dist-bench'
const EMAIL = 'analyst@swath.test'
const PASSWORD = 'swath-demo'

/** The newest modification time (ms) of the files under `dir`, recursively. */
function newest(dir: string): number {
  let t = 0
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name)
    t = Math.max(t, e.isDirectory() ? newest(path) : statSync(path).mtimeMs)
  }
  return t
}

/** Whether dist-bench/ holds a build of the sources as they are now, with its source maps. */
function benchBuildIsCurrent(): boolean {
  const index = join(BENCH_OUT, 'index.html')
  if (!existsSync(index)) return false
  const assets = join(BENCH_OUT, 'assets')
  if (!existsSync(assets) || !readdirSync(assets).some((f) => f.endsWith('.js.map'))) return false
  const sources = Math.max(
    newest('src'),
    newest('simulator'),
    ...['index.html', 'vite.config.ts', 'package-lock.json'].map((f) => statSync(f).mtimeMs),
  )
  return statSync(index).mtimeMs > sources
}

/**
 * Builds the production app into dist-bench/ unless a build of the current sources is there (a section run
 * alone after a change must not time the build before it), with source maps beside the scripts (not named in
 * them) so that a bench can say which source a profile's time went to.
 */
export function ensureBenchBuild(): void {
  if (benchBuildIsCurrent()) return
  const build = spawnSync(
    'npx',
    ['vite', 'build', '--outDir', BENCH_OUT, '--emptyOutDir', '--sourcemap', 'hidden', '--logLevel', 'warn'],
    // The bench runs inside Vite's module loader, which sets NODE_ENV=development; inherited, the build would
    // have React's development bundles (several times slower), as a bench run alone had until now.
    { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  )
  if (build.status !== 0) throw new Error('vite build failed')
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export interface Preview {
  origin: string
  stop: () => Promise<void>
}

/** The previews started and not stopped yet: a section given up on (bench/run.ts) leaves its own open. */
const running = new Set<ChildProcess>()

/** Stops every preview still running, so that the next section finds its port free. */
export async function stopEveryPreview(): Promise<void> {
  await Promise.all([...running].map((child) => stopPreview(child)))
}

/** Starts `vite preview` of dist-bench/ on `port` and waits until the embedded simulator answers. */
export async function startPreview(opts: {
  port: number
  /** Extra environment, e.g. `SWATH_SEED=large`. */
  env?: Record<string, string>
  /** The first API request compiles the simulator (and builds a large world): give it time. */
  timeoutMs?: number
}): Promise<Preview> {
  const { port, timeoutMs = 60_000 } = opts
  const origin = `http://127.0.0.1:${port}`
  if (!existsSync(join(BENCH_OUT, 'index.html')))
    throw new Error(`${BENCH_OUT}/ has no build: benchBundle() builds it first`)
  // The environment a shell would give it, without the NODE_ENV=development the bench's module loader set.
  const { NODE_ENV: _loaderMode, ...env } = process.env
  const child = spawn(
    'npx',
    ['vite', 'preview', '--outDir', BENCH_OUT, '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
    { stdio: ['ignore', 'pipe', 'pipe'], detached: true, env: { ...env, ...opts.env } },
  )
  let output = ''
  child.stdout?.on('data', (b: Buffer) => (output += b.toString()))
  child.stderr?.on('data', (b: Buffer) => (output += b.toString()))
  let exited: number | null | undefined
  child.on('exit', (code) => (exited = code))
  // Should the bench die before `finally` runs, the server does not outlive it.
  const onExit = () => killGroup(child)
  process.once('exit', onExit)
  running.add(child)
  child.once('exit', () => {
    process.off('exit', onExit)
    running.delete(child)
  })

  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (exited !== undefined)
      throw new Error(
        `vite preview exited (code ${exited}) before answering on port ${port}:\n${output.trim()}`,
      )
    try {
      const res = await fetch(`${origin}/api/__sim/clock`)
      if (res.ok) return { origin, stop: () => stopPreview(child) }
    } catch {
      // not listening yet
    }
    await sleep(250)
  }
  killGroup(child)
  throw new Error(
    `vite preview did not answer GET ${origin}/api/__sim/clock within ${timeoutMs / 1000} s:\n${output.trim()}`,
  )
}

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return
  try {
    process.kill(-child.pid, 'SIGTERM')
  } catch {
    // already gone
  }
}

async function stopPreview(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  killGroup(child)
  await Promise.race([gone, sleep(5_000)])
}

/** Signs in through the sign-in page as the demo analyst, as an analyst would. */
export async function signInAsAnalyst(page: Page): Promise<void> {
  await page.goto('/')
  await page.waitForURL(/\/sign-in/, { timeout: 30_000 })
  await page.getByLabel('E-mail').fill(EMAIL)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('button', { name: /^Account:/ }).waitFor({ timeout: 30_000 })
}
