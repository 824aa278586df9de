/** Seeded randomness: the whole simulated world is a pure function of its seed. */

export function hashString(s: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

export function mulberry32(seed: number): () => number {
  return mulberryState(seed >>> 0).next
}

/** mulberry32 with its state readable, so that a generator can be forked where it stands. */
function mulberryState(start: number): { next: () => number; state: () => number } {
  let a = start
  return {
    next: () => {
      a = (a + 0x6d2b79f5) >>> 0
      let t = a
      t = Math.imul(t ^ (t >>> 15), t | 1)
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296
    },
    state: () => a,
  }
}

export interface Rng {
  next(): number
  int(min: number, maxInclusive: number): number
  float(min: number, max: number): number
  pick<T>(items: readonly T[]): T
  chance(p: number): boolean
  uuid(): string
  /**
   * An independent generator that continues from where this one stands: both then draw the same sequence.
   * A copied world (world.ts) forks the runtime generator its seeding has already used.
   */
  fork(): Rng
}

export function createRng(seed: string | number): Rng {
  return rngFrom((typeof seed === 'number' ? seed : hashString(seed)) >>> 0)
}

function rngFrom(start: number): Rng {
  const gen = mulberryState(start)
  const next = gen.next
  const rng: Rng = {
    next,
    fork: () => rngFrom(gen.state()),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    float: (min, max) => min + next() * (max - min),
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (p) => next() < p,
    uuid: () => {
      const b: number[] = []
      for (let i = 0; i < 16; i++) b.push(Math.floor(next() * 256))
      // RFC 4122 version 4 layout, so the ids pass `format: uuid` checks.
      b[6] = (b[6] & 0x0f) | 0x40
      b[8] = (b[8] & 0x3f) | 0x80
      const h = b.map((x) => x.toString(16).padStart(2, '0')).join('')
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
    },
  }
  return rng
}

/** What a uuid looks like (any version): ids the service hands out, checked before they are looked up. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A stable uuid derived from a name: seed data keeps its ids across resets and seed sizes. */
export function uuidFrom(name: string): string {
  return createRng(name).uuid()
}
