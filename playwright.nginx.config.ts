import { defineConfig, devices } from '@playwright/test'
import { chromiumLaunch } from './e2e/chromium'

/**
 * The journey through the production server docs/deploy.md documents (e2e/nginx/): nginx serving the build
 * already in dist/ with deploy/nginx.conf, in front of the standalone simulator. Nothing is built or previewed
 * here: `npm run verify` runs it after the main journeys, whose config builds dist/.
 */
export default defineConfig({
  testDir: './e2e/nginx',
  outputDir: 'test-results/playwright-nginx',
  globalSetup: './e2e/nginx/global-setup.ts',
  timeout: 240_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e-nginx.json' }]] : [['list']],
  use: { trace: 'retain-on-failure', viewport: { width: 1280, height: 800 } },
  projects: [
    {
      name: 'nginx',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: chromiumLaunch,
      },
    },
  ],
})
