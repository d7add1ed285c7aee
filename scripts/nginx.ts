import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_UPLOAD_BYTES, MULTIPART_FRAMING_BYTES } from '../src/server/modules/files/upload';

/** One nginx in front of the server processes, run from its own folder (never the system's nginx). */
export interface NginxOptions {
  /** Folder for its config, pid, logs and temp paths (made readable for nginx's worker user). */
  dir: string;
  /** Where nginx listens. */
  listen: { host: string; port: number };
  /** `host:port` of every server process. */
  upstreams: string[];
  /** nginx worker processes (`auto` in production; 1 keeps round-robin strictly alternating). */
  workers?: number | 'auto';
  /** Adds `X-Upstream: <host:port>` to every answer, so a test can see which process served it. */
  revealUpstream?: boolean;
}

/** The request timeout of the app (REQUEST_TIMEOUT_MS, 120 s by default) plus a margin. */
const PROXY_TIMEOUT_S = 130;

/**
 * The nginx config. What matters beyond a plain reverse proxy:
 * - round-robin over the processes; a process that refuses connections is left out for 10 s;
 * - `proxy_next_upstream error timeout http_502 http_503` without `non_idempotent`: a GET (and the
 *   one PUT, courseSignUp, which is idempotent) whose process died is retried on another; a POST is
 *   passed on only when no byte of it reached the dead process (connection refused), never after,
 *   so no write is applied twice — the client sees 502 for a POST lost in flight, unacknowledged;
 * - uploads stream through unbuffered (the app counts bytes and refuses past 20 MB as they arrive,
 *   and nginx writes no temp file), and downloads are never spooled to disk either;
 * - the live map socket (/api/live/) is upgraded to a WebSocket: nginx passes Upgrade and
 *   Connection on only when asked to (without them the app saw a plain GET and answered 404, and
 *   pages fell back to polling), and it keeps an idle socket open past the app's pings.
 */
export function nginxConfig(o: NginxOptions): string {
  const d = o.dir;
  const servers = o.upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=10s;`).join('\n');
  return `# written by scripts/nginx.ts: nginx -p ${d} -c ${join(d, 'nginx.conf')}
worker_processes ${o.workers ?? 'auto'};
pid ${join(d, 'nginx.pid')};
error_log ${join(d, 'error.log')} warn;
events { worker_connections 4096; }
http {
  access_log ${join(d, 'access.log')};
  client_body_temp_path ${join(d, 'tmp/body')};
  proxy_temp_path ${join(d, 'tmp/proxy')};
  fastcgi_temp_path ${join(d, 'tmp/fastcgi')};
  uwsgi_temp_path ${join(d, 'tmp/uwsgi')};
  scgi_temp_path ${join(d, 'tmp/scgi')};
  # Connection: upgrade for a WebSocket handshake, else empty (keep-alive to the processes).
  map $http_upgrade $connection_upgrade {
    default upgrade;
    '' '';
  }
  upstream xuetu {
${servers}
    keepalive 64;
  }
  server {
    listen ${o.listen.host}:${o.listen.port};
    client_max_body_size ${MAX_UPLOAD_BYTES + MULTIPART_FRAMING_BYTES};
    proxy_request_buffering off;
    proxy_max_temp_file_size 0;
    proxy_http_version 1.1;
    proxy_set_header Upgrade $http_upgrade;
    proxy_set_header Connection $connection_upgrade;
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_next_upstream error timeout http_502 http_503;
    proxy_next_upstream_tries ${o.upstreams.length};
    proxy_connect_timeout 5s;
    proxy_read_timeout ${PROXY_TIMEOUT_S}s;
    proxy_send_timeout ${PROXY_TIMEOUT_S}s;
${o.revealUpstream ? '    add_header X-Upstream $upstream_addr always;\n' : ''}    location / {
      proxy_pass http://xuetu;
    }
    location /api/live/ {
      proxy_pass http://xuetu;
      proxy_read_timeout 1h;
      proxy_send_timeout 1h;
    }
  }
}
`;
}

export interface RunningNginx {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Writes the config into `dir` and runs `nginx -p dir -c dir/nginx.conf -e dir/error.log` in the
 * foreground (`daemon off`), as a child of this process: nothing of /etc/nginx, the system
 * service or /var/log is touched. Resolves once nginx answers `GET /api/health` through an upstream.
 */
export async function startNginx(o: NginxOptions, timeoutMs = 30_000): Promise<RunningNginx> {
  mkdirSync(join(o.dir, 'tmp'), { recursive: true });
  // Run as root, nginx's workers are `nobody`: they must be able to reach the temp paths.
  chmodSync(o.dir, 0o755);
  const conf = join(o.dir, 'nginx.conf');
  writeFileSync(conf, nginxConfig(o));
  const bin = process.env.NGINX_BIN ?? (process.getuid?.() === 0 ? '/usr/sbin/nginx' : 'nginx');
  const child = spawn(bin, ['-p', o.dir, '-c', conf, '-e', join(o.dir, 'error.log'), '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (b: Buffer) => (out = (out + b.toString()).slice(-10_000)));
  child.stderr!.on('data', (b: Buffer) => (out = (out + b.toString()).slice(-10_000)));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.once('error', (err) => (out += `\n${err.message}`));
  const url = `http://${o.listen.host}:${o.listen.port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null || out.includes('ENOENT')) throw new Error(`nginx exited:\n${out}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not answer in ${timeoutMs} ms:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    output: () => out,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
