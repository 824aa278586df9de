import { describe, expect, it } from 'vitest'
import { createLimiter } from './limiter'

interface Deferred<T> {
  promise: Promise<T>
  resolve: (value: T) => void
  reject: (error: Error) => void
}

function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => undefined
  let reject: (error: Error) => void = () => undefined
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** Lets every pending promise callback run. */
const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/** Tasks that record when they start and how many run at once; each finishes when the test says so. */
function tracker() {
  let running = 0
  let peak = 0
  const started: string[] = []
  const gates = new Map<string, Deferred<string>>()
  const task = (name: string) => async (): Promise<string> => {
    started.push(name)
    running++
    peak = Math.max(peak, running)
    const gate = deferred<string>()
    gates.set(name, gate)
    try {
      return await gate.promise
    } finally {
      running--
    }
  }
  const finish = (name: string) => {
    const gate = gates.get(name)
    if (!gate) throw new Error(`${name} has not started`)
    gate.resolve(`${name} done`)
  }
  const fail = (name: string, error: Error) => {
    const gate = gates.get(name)
    if (!gate) throw new Error(`${name} has not started`)
    gate.reject(error)
  }
  return {
    task,
    finish,
    fail,
    started,
    get running() {
      return running
    },
    get peak() {
      return peak
    },
  }
}

describe('createLimiter', () => {
  it('runs at once while there is room', async () => {
    const limiter = createLimiter(3)
    const t = tracker()
    const results = ['a', 'b', 'c'].map((n) => limiter.run(t.task(n)))
    await flush()
    expect(t.started).toEqual(['a', 'b', 'c'])
    expect(limiter.stats()).toEqual({ running: 3, waiting: 0 })
    ;['a', 'b', 'c'].forEach(t.finish)
    await expect(Promise.all(results)).resolves.toEqual(['a done', 'b done', 'c done'])
    expect(limiter.stats()).toEqual({ running: 0, waiting: 0 })
  })

  it('never runs more than `size` tasks at once, and starts the waiting ones in order', async () => {
    const limiter = createLimiter(2)
    const t = tracker()
    const names = ['a', 'b', 'c', 'd', 'e', 'f']
    const results = names.map((n) => limiter.run(t.task(n)))
    await flush()
    expect(t.started).toEqual(['a', 'b'])
    expect(limiter.stats()).toEqual({ running: 2, waiting: 4 })

    // Finishing out of order: each freed slot goes to the longest-waiting task.
    t.finish('b')
    await flush()
    expect(t.started).toEqual(['a', 'b', 'c'])
    expect(t.running).toBe(2)
    t.finish('a')
    await flush()
    expect(t.started).toEqual(['a', 'b', 'c', 'd'])
    t.finish('d')
    t.finish('c')
    await flush()
    expect(t.started).toEqual(['a', 'b', 'c', 'd', 'e', 'f'])
    expect(limiter.stats()).toEqual({ running: 2, waiting: 0 })
    t.finish('f')
    t.finish('e')
    await expect(Promise.all(results)).resolves.toEqual(names.map((n) => `${n} done`))
    expect(t.peak).toBe(2)
    expect(limiter.stats()).toEqual({ running: 0, waiting: 0 })
  })

  it('keeps to the limit under many tasks finishing at random', async () => {
    const limiter = createLimiter(3)
    const t = tracker()
    const names = Array.from({ length: 30 }, (_, i) => `t${i}`)
    const results = names.map((n) => limiter.run(t.task(n)))
    let seed = 11
    const rand = () => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0
      return seed / 2 ** 32
    }
    const done = new Set<string>()
    while (done.size < names.length) {
      await flush()
      expect(t.running).toBeLessThanOrEqual(3)
      expect(limiter.stats().running).toBe(t.running)
      const live = t.started.filter((n) => !done.has(n))
      expect(live.length).toBe(Math.min(3, names.length - done.size))
      const pick = live[Math.floor(rand() * live.length)]
      done.add(pick)
      t.finish(pick)
    }
    await expect(Promise.all(results)).resolves.toHaveLength(30)
    expect(t.started).toEqual(names)
    expect(t.peak).toBe(3)
  })

  it('frees the slot of a task that fails, and passes its error on', async () => {
    const limiter = createLimiter(1)
    const t = tracker()
    const first = limiter.run(t.task('a'))
    const second = limiter.run(t.task('b'))
    await flush()
    expect(t.started).toEqual(['a'])
    const boom = new Error('boom')
    t.fail('a', boom)
    await expect(first).rejects.toBe(boom)
    await flush()
    expect(t.started).toEqual(['a', 'b'])
    t.finish('b')
    await expect(second).resolves.toBe('b done')
    expect(limiter.stats()).toEqual({ running: 0, waiting: 0 })
  })

  it('never runs a waiting task whose signal aborts, rejects it, and gives the slot to the next', async () => {
    const limiter = createLimiter(1)
    const t = tracker()
    const first = limiter.run(t.task('a'))
    const controller = new AbortController()
    const aborted = limiter.run(t.task('b'), controller.signal)
    const third = limiter.run(t.task('c'))
    await flush()
    expect(limiter.stats()).toEqual({ running: 1, waiting: 2 })

    controller.abort()
    t.finish('a')
    await expect(first).resolves.toBe('a done')
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' })
    await flush()
    expect(t.started).toEqual(['a', 'c'])
    expect(limiter.stats()).toEqual({ running: 1, waiting: 0 })
    t.finish('c')
    await expect(third).resolves.toBe('c done')
    expect(limiter.stats()).toEqual({ running: 0, waiting: 0 })
  })

  it('rejects with the abort reason when it is an Error', async () => {
    const limiter = createLimiter(1)
    const t = tracker()
    const first = limiter.run(t.task('a'))
    const controller = new AbortController()
    const reason = new Error('row scrolled away')
    const aborted = limiter.run(t.task('b'), controller.signal)
    controller.abort(reason)
    t.finish('a')
    await first
    await expect(aborted).rejects.toBe(reason)
    expect(t.started).toEqual(['a'])
  })

  it('hands the slot past several aborted tasks in a row', async () => {
    const limiter = createLimiter(2)
    const t = tracker()
    const a = limiter.run(t.task('a'))
    const b = limiter.run(t.task('b'))
    const controllers = [new AbortController(), new AbortController(), new AbortController()]
    const skipped = controllers.map((c, i) => limiter.run(t.task(`x${i}`), c.signal))
    const last = limiter.run(t.task('z'))
    await flush()
    controllers.forEach((c) => c.abort())
    t.finish('a')
    await a
    for (const s of skipped) await expect(s).rejects.toMatchObject({ name: 'AbortError' })
    await flush()
    expect(t.started).toEqual(['a', 'b', 'z'])
    expect(limiter.stats()).toEqual({ running: 2, waiting: 0 })
    t.finish('b')
    t.finish('z')
    await expect(Promise.all([b, last])).resolves.toEqual(['b done', 'z done'])
    expect(t.peak).toBe(2)
  })

  it('does not start a task whose signal is already aborted, even with room', async () => {
    const limiter = createLimiter(2)
    const t = tracker()
    const controller = new AbortController()
    controller.abort()
    await expect(limiter.run(t.task('a'), controller.signal)).rejects.toMatchObject({ name: 'AbortError' })
    expect(t.started).toEqual([])
    expect(limiter.stats()).toEqual({ running: 0, waiting: 0 })
    // The slot is still free for the next one.
    const next = limiter.run(t.task('b'))
    await flush()
    expect(t.started).toEqual(['b'])
    t.finish('b')
    await expect(next).resolves.toBe('b done')
  })

  it('runs a task whose signal never aborts as usual', async () => {
    const limiter = createLimiter(1)
    const t = tracker()
    const controller = new AbortController()
    const run = limiter.run(t.task('a'), controller.signal)
    await flush()
    t.finish('a')
    await expect(run).resolves.toBe('a done')
  })

  it('gives the slot back when a task throws before returning a promise', async () => {
    const limiter = createLimiter(1)
    const boom = (): Promise<string> => {
      throw new Error('boom')
    }
    await expect(limiter.run(boom)).rejects.toThrow('boom')
    expect(limiter.stats()).toEqual({ running: 0, waiting: 0 })
    await expect(limiter.run(() => Promise.resolve('next'))).resolves.toBe('next')
  })
})
