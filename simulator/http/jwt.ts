/** HS256 JSON Web Tokens over Web Crypto: signed tokens like a real Keycloak issues, checked on the sim clock. */

const enc = new TextEncoder()
const dec = new TextDecoder()

function b64url(bytes: Uint8Array): string {
  let s = ''
  for (const b of bytes) s += String.fromCharCode(b)
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function fromB64url(s: string): Uint8Array<ArrayBuffer> {
  const b = atob(s.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((s.length + 3) % 4))
  const out = new Uint8Array(b.length)
  for (let i = 0; i < b.length; i++) out[i] = b.charCodeAt(i)
  return out
}

const keys = new Map<string, Promise<CryptoKey>>()
function key(secret: string): Promise<CryptoKey> {
  let k = keys.get(secret)
  if (!k) {
    k = crypto.subtle.importKey('raw', enc.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ])
    keys.set(secret, k)
  }
  return k
}

export async function signJwt(payload: object, secret: string): Promise<string> {
  const head = b64url(enc.encode(JSON.stringify({ alg: 'HS256', typ: 'JWT' })))
  const body = b64url(enc.encode(JSON.stringify(payload)))
  const sig = new Uint8Array(
    await crypto.subtle.sign('HMAC', await key(secret), enc.encode(`${head}.${body}`)),
  )
  return `${head}.${body}.${b64url(sig)}`
}

export type JwtCheck<T> =
  { ok: true; claims: T } | { ok: false; reason: 'malformed' | 'signature' | 'expired' }

/** Verifies the signature and `exp` (seconds) against `nowMs`, the simulator's clock. */
export async function verifyJwt<T extends { exp: number }>(
  token: string,
  secret: string,
  nowMs: number,
): Promise<JwtCheck<T>> {
  const parts = token.split('.')
  if (parts.length !== 3) return { ok: false, reason: 'malformed' }
  let claims: T
  let valid: boolean
  try {
    valid = await crypto.subtle.verify(
      'HMAC',
      await key(secret),
      fromB64url(parts[2]),
      enc.encode(`${parts[0]}.${parts[1]}`),
    )
    claims = JSON.parse(dec.decode(fromB64url(parts[1]))) as T
  } catch {
    return { ok: false, reason: 'malformed' }
  }
  if (!valid) return { ok: false, reason: 'signature' }
  if (typeof claims.exp !== 'number' || claims.exp * 1000 <= nowMs) return { ok: false, reason: 'expired' }
  return { ok: true, claims }
}
