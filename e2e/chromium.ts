import type { LaunchOptions } from '@playwright/test'

/**
 * How this project launches Chromium, for the journeys and the benchmarks alike: Debian's Chromium (Playwright
 * never downloads a browser here) with WebGL on SwiftShader.
 */
export const chromiumLaunch: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-dev-shm-usage',
    '--disable-quic',
    '--use-angle=swiftshader',
    '--enable-unsafe-swiftshader',
  ],
}
