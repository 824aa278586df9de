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
    testTimeout: 20_000,
    reporters: process.env.CI
      ? ['default', ['json', { outputFile: 'test-results/vitest.json' }]]
      : ['default'],
    projects: [
      {
        // Pure modules, the simulator, the contract and the scripts: no DOM, no DOM setup. These files share
        // no mutable module state, so one module graph per worker serves them all (isolate: false): the
        // simulator's archive and seeded world are then built once per worker, not once per file.
        extends: true,
        test: {
          name: 'node',
          include: [
            'src/**/*.test.ts',
            'simulator/**/*.test.ts',
            'contract/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          isolate: false,
        },
      },
      {
        // Component tests render through the real client against the in-process simulator, in jsdom. Each
        // file keeps its own module graph: they mock modules (the map) and hold stores at module level.
        extends: true,
        test: {
          name: 'dom',
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['src/testing/setup-dom.ts'],
          // A journey waits for several pages of simulator answers, each wait up to testing-library's limit
          // (setup-dom.ts); on a busy machine the whole can take longer than the default 20 s.
          testTimeout: 60_000,
        },
      },
    ],
  },
})
