/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { simulatorPlugin } from './simulator/vite-plugin.ts'

// The simulator is embedded unless the console is pointed at a real deployment (see README).
const embedded = !process.env.SWATH_API_URL
// The embedded simulator's world: SWATH_SEED=large adds 10,000 orders (the orders benchmark); default otherwise.
const seed = process.env.SWATH_SEED === 'large' ? 'large' : 'default'

export default defineConfig({
  plugins: [react(), ...(embedded ? [simulatorPlugin({ clock: 'real', seed })] : [])],
  server: {
    port: 5173,
    proxy: embedded
      ? undefined
      : {
          '/api': {
            target: process.env.SWATH_API_URL,
            changeOrigin: true,
            rewrite: (p) => p.replace(/^\/api/, ''),
          },
          // The second region's token server (config.json region "sa"), when one is given.
          ...(process.env.SWATH_AUTH_URL_SA
            ? {
                '/auth-sa': {
                  target: process.env.SWATH_AUTH_URL_SA,
                  changeOrigin: true,
                  rewrite: (p: string) => p.replace(/^\/auth-sa/, ''),
                },
              }
            : {}),
          '/auth': {
            target: process.env.SWATH_AUTH_URL,
            changeOrigin: true,
            rewrite: (p) => p.replace(/^\/auth/, ''),
          },
        },
  },
  build: {
    chunkSizeWarningLimit: 1200,
    // The chunk graph, for the bundle benchmark (bench/bundle.ts) to weigh each route's first load.
    manifest: true,
  },
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'simulator/**/*.test.ts',
      'contract/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    environment: 'node',
    setupFiles: ['src/testing/setup-dom.ts'],
    testTimeout: 20_000,
    reporters: process.env.CI
      ? ['default', ['json', { outputFile: 'test-results/vitest.json' }]]
      : ['default'],
  },
})
