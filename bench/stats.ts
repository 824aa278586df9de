/** Timing helpers for benchmarks: they print figures; nothing here asserts. */

export interface Figures {
  median: number
  p99: number
  min: number
  runs: number
}

export function figures(samples: number[]): Figures {
  const s = [...samples].sort((a, b) => a - b)
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]
  return { median: at(0.5), p99: at(0.99), min: s[0], runs: s.length }
}

export async function time(runs: number, warmup: number, fn: () => Promise<unknown>): Promise<Figures> {
  for (let i = 0; i < warmup; i++) await fn()
  const samples: number[] = []
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    await fn()
    samples.push(performance.now() - t0)
  }
  return figures(samples)
}

export function report(name: string, f: Figures, target?: string): void {
  const ms = (x: number) => `${x.toFixed(2)} ms`
  console.log(
    `${name.padEnd(52)} median ${ms(f.median).padStart(10)}  p99 ${ms(f.p99).padStart(10)}  (${f.runs} runs)${target ? `  target: ${target}` : ''}`,
  )
}
