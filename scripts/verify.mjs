// The one test command (README): installs what a fresh machine lacks, then runs every check — types, lint,
// format, unit and component tests, the production build, and the Playwright journeys — and ends with one
// plain line `N passed, N failed` that CI reads.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'

const results = { passed: 0, failed: 0 }
const failures = []
const failedNames = []

function run(label, cmd, args, env = {}) {
  console.log(`\n▶ ${label}: ${cmd} ${args.join(' ')}`)
  const started = Date.now()
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  console.log(`  ${label} finished in ${((Date.now() - started) / 1000).toFixed(1)} s (exit ${r.status})`)
  return r.status === 0
}

/** apt-get, through sudo when not root, without questions. */
function apt(...args) {
  const sudo = process.getuid?.() === 0 ? [] : ['sudo']
  return spawnSync(sudo[0] ?? 'apt-get', sudo.length ? ['apt-get', ...args] : args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
}

function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  if (existsSync(path)) return true
  console.log(`Chromium not found at ${path}: installing Debian's chromium package.`)
  apt('update', '-qq')
  apt('install', '-y', '-qq', 'chromium')
  return existsSync(path)
}

/**
 * nginx, for the journey through the production server docs/deploy.md documents (e2e/nginx/): it runs as this
 * user with its own prefix, so only the binary is needed.
 */
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx'
function ensureNginx() {
  if (existsSync(NGINX)) return true
  console.log(`nginx not found at ${NGINX}: installing Debian's nginx package.`)
  apt('update', '-qq')
  apt('install', '-y', '-qq', 'nginx')
  return existsSync(NGINX)
}

const works = (cmd, args) => spawnSync(cmd, args, { stdio: 'ignore' }).status === 0
/** The tools the "as code" test runs its snippets with, by Debian package: curl, and Python's requests. */
const TOOLS = {
  curl: () => works('curl', ['--version']),
  // The Python on the PATH, or Debian's, where python3-requests installs (src/testing/request-code-run.test.ts).
  'python3-requests': () => ['python3', '/usr/bin/python3'].some((p) => works(p, ['-c', 'import requests'])),
}

function ensureTools() {
  const missing = Object.keys(TOOLS).filter((name) => !TOOLS[name]())
  if (missing.length === 0) return true
  console.log(
    `${missing.join(' and ')} not found: installing Debian's package${missing.length > 1 ? 's' : ''}.`,
  )
  apt('update', '-qq')
  apt('install', '-y', '-qq', ...missing)
  return Object.values(TOOLS).every((ok) => ok())
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return null
  }
}

rmSync('test-results', { recursive: true, force: true })
mkdirSync('test-results', { recursive: true })

/**
 * Checks that each use one core, run side by side (ESLint alone takes as long as the type check and the format
 * check together); each one's output is printed whole when it ends, so the log never interleaves.
 */
function checkTogether(list) {
  return Promise.all(
    list.map(
      ([label, cmd, args]) =>
        new Promise((resolve) => {
          const started = Date.now()
          const child = spawn(cmd, args, { env: process.env })
          let out = ''
          child.stdout.on('data', (d) => (out += d))
          child.stderr.on('data', (d) => (out += d))
          child.on('close', (status) => {
            console.log(`\n▶ ${label}: ${cmd} ${args.join(' ')}`)
            if (out) process.stdout.write(out)
            console.log(
              `  ${label} finished in ${((Date.now() - started) / 1000).toFixed(1)} s (exit ${status})`,
            )
            if (status === 0) results.passed++
            else {
              results.failed++
              failures.push(label)
            }
            resolve()
          })
        }),
    ),
  )
}

await checkTogether([
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['typecheck', 'npx', ['tsc', '--noEmit']],
  ['format', 'npx', ['prettier', '--check', '.']],
])

// Unit, component and simulator tests: every test counts. The "as code" test runs snippets with curl and
// Python's requests: they are installed first where missing (the test fails, saying so, without them).
if (!ensureTools()) {
  results.failed++
  failures.push('curl or python3-requests could not be installed')
}
run('unit and component tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=test-results/vitest.json',
])
const vitest = readJson('test-results/vitest.json')
if (vitest) {
  results.passed += vitest.numPassedTests
  // A file that fails to load has no test results of its own: count it as one failure.
  const brokenFiles = vitest.testResults.filter(
    (f) => f.status === 'failed' && f.assertionResults.length === 0,
  ).length
  results.failed += vitest.numFailedTests + brokenFiles
  if (vitest.numFailedTests + brokenFiles > 0) {
    failures.push(`${vitest.numFailedTests} unit/component test(s), ${brokenFiles} broken file(s)`)
    // Named again here, next to the summary line, where a reader of the log's tail finds them.
    for (const f of vitest.testResults.filter((x) => x.status === 'failed')) {
      const failed = f.assertionResults.filter((a) => a.status === 'failed')
      const file = path.relative(process.cwd(), f.name)
      if (failed.length === 0) failedNames.push(`${file}: ${(f.message ?? '').split('\n')[0]}`)
      for (const a of failed)
        failedNames.push(`${file} › ${a.fullName}: ${(a.failureMessages[0] ?? '').split('\n')[0]}`)
    }
  }
} else {
  results.failed++
  failures.push('vitest produced no report')
}

// Journeys in real Chromium against the production build (the Playwright config builds and previews it).
if (!ensureChromium()) {
  results.failed++
  failures.push('chromium could not be installed')
} else {
  // Which browser the journeys ran in: a machine may keep an older Chromium than a newcomer installs.
  const version = spawnSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', ['--version'], {
    encoding: 'utf8',
  })
  const debian = spawnSync('dpkg-query', ['-W', '-f=${Version}', 'chromium'], { encoding: 'utf8' })
  console.log(
    `\nChromium for the journeys: ${version.stdout?.trim() || 'version unknown'}` +
      (debian.status === 0 ? ` (Debian package ${debian.stdout.trim()})` : ''),
  )
  run('e2e journeys', 'npx', ['playwright', 'test'], {
    CI: process.env.CI ?? '1',
    PLAYWRIGHT_JSON_OUTPUT_NAME: 'test-results/e2e.json',
  })
  countJourneys('test-results/e2e.json', 'e2e')

  // The same build served by nginx with deploy/nginx.conf, in front of the standalone simulator: its own
  // Playwright config, which builds nothing and serves the dist/ the journeys above were built into.
  if (!ensureNginx()) {
    results.failed++
    failures.push('nginx could not be installed')
  } else {
    run('journeys through nginx', 'npx', ['playwright', 'test', '-c', 'playwright.nginx.config.ts'], {
      CI: process.env.CI ?? '1',
      PLAYWRIGHT_JSON_OUTPUT_NAME: 'test-results/e2e-nginx.json',
    })
    countJourneys('test-results/e2e-nginx.json', 'nginx e2e')
  }
}

/** Adds a Playwright JSON report's results to the count. */
function countJourneys(file, label) {
  const e2e = readJson(file)
  if (e2e?.stats) {
    results.passed += e2e.stats.expected + (e2e.stats.flaky ?? 0)
    results.failed += e2e.stats.unexpected
    if (e2e.stats.unexpected > 0) failures.push(`${e2e.stats.unexpected} ${label} journey(s)`)
    if (e2e.errors?.length) {
      results.failed++
      failures.push(`playwright (${label}) reported errors outside tests`)
    }
  } else {
    results.failed++
    failures.push(`playwright (${label}) produced no report`)
  }
}

if (failedNames.length) console.log(`\nUnit and component tests that failed:\n  ${failedNames.join('\n  ')}`)
if (failures.length) console.log(`\nFailed: ${failures.join(', ')}`)
console.log(`\n${results.passed} passed, ${results.failed} failed`)
process.exit(results.failed === 0 ? 0 : 1)
