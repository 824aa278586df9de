import { defineConfig, devices } from '@playwright/test'
import { chromiumLaunch } from './e2e/chromium'

const PORT = Number(process.env.E2E_PORT ?? 5199)
// Journeys run against the production build (vite preview) with the simulator embedded; E2E_MODE=dev uses
// the dev server instead, for a faster loop while writing a journey.
const dev = process.env.E2E_MODE === 'dev'

export default defineConfig({
  testDir: './e2e',
  // The journey through nginx has a config of its own (playwright.nginx.config.ts): it serves this build.
  testIgnore: 'nginx/**',
  outputDir: 'test-results/playwright',
  // A journey is a minute of work on an idle machine; on a busy one (CI sharing its two cores, WebGL on
  // SwiftShader) the catalog journey took 2.7 minutes and passed. Each step still waits at most 15 s.
  timeout: 240_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  // Two cores and software WebGL: one browser at a time.
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    viewport: { width: 1280, height: 800 },
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: chromiumLaunch,
      },
    },
  ],
  webServer: {
    command: dev
      ? `npx vite --port ${PORT} --strictPort --host 127.0.0.1`
      : `npx vite build && npx vite preview --port ${PORT} --strictPort --host 127.0.0.1`,
    url: `http://127.0.0.1:${PORT}/api/__sim/clock`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
  },
})
