import { readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * The production server configuration docs/deploy.md documents (deploy/nginx.conf, quoted there verbatim),
 * made runnable on a developer's machine: nginx as an ordinary user, every path it writes under one folder,
 * the console's build as root and the given upstreams. Only the placeholders change; the rest is the very file.
 */

export const NGINX_CONF = 'deploy/nginx.conf'

export interface LocalNginx {
  /** A folder of nginx's own: pid, logs and temporary files. */
  prefix: string
  /** The built console (an absolute path). */
  dist: string
  port: number
  /** Base URLs (`http://127.0.0.1:4010`) standing in for the service and the token servers. */
  api: string
  auth: string
  authSa: string
  /** The MIME types nginx serves files with; Debian's by default. */
  mimeTypes?: string
  /**
   * The user running nginx, when that is root: its workers then stay root too. Left alone, a root nginx runs
   * its workers as `nobody`, who cannot enter the prefix (mkdtemp makes it 0700) to buffer a large answer from
   * the service, nor read a clone under /root: a download of a GeoTIFF then broke off whenever the browser read
   * slower than the simulator wrote.
   */
  rootUser?: boolean
}

/** The documented file with its placeholders replaced; every placeholder must be there exactly once. */
export function localServerBlock(documented: string, o: LocalNginx): string {
  const swaps: [string, string][] = [
    ['listen 8080;', `listen 127.0.0.1:${o.port};`],
    ['root /srv/swath/dist;', `root ${o.dist};`],
    ['https://API_UPSTREAM/', `${o.api.replace(/\/$/, '')}/`],
    ['https://AUTH_UPSTREAM/', `${o.auth.replace(/\/$/, '')}/`],
    ['https://AUTH_SA_UPSTREAM/', `${o.authSa.replace(/\/$/, '')}/`],
  ]
  let out = documented
  for (const [from, to] of swaps) {
    const count = out.split(from).length - 1
    if (count !== 1) throw new Error(`${NGINX_CONF} must hold "${from}" exactly once (found ${count})`)
    out = out.replace(from, to)
  }
  return out
}

/** A whole nginx.conf: the documented file inside an `http` block that keeps every path under the prefix. */
export function localNginxConfig(o: LocalNginx, documented = readFileSync(NGINX_CONF, 'utf8')): string {
  const at = (name: string) => path.join(o.prefix, name)
  return [
    'daemon off;',
    ...(o.rootUser ? ['user root;'] : []),
    'worker_processes 1;',
    `pid ${at('nginx.pid')};`,
    `error_log ${at('error.log')} warn;`,
    'events { worker_connections 256; }',
    'http {',
    `    include ${o.mimeTypes ?? '/etc/nginx/mime.types'};`,
    '    default_type application/octet-stream;',
    `    access_log ${at('access.log')};`,
    `    client_body_temp_path ${at('client-body')};`,
    `    proxy_temp_path ${at('proxy')};`,
    `    fastcgi_temp_path ${at('fastcgi')};`,
    `    uwsgi_temp_path ${at('uwsgi')};`,
    `    scgi_temp_path ${at('scgi')};`,
    localServerBlock(documented, o),
    '}',
    '',
  ].join('\n')
}
