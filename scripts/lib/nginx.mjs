// nginx (Debian's package) as a load balancer on loopback in front of several store instances:
// round robin, keep-alive to the instances, the client's address passed on in X-Forwarded-For.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NGINX, isRoot } from './system.mjs';

/** The configuration for `port` in front of `upstreams` (ports on 127.0.0.1); `dir` holds its files. */
export function nginxConfig({ port, upstreams, dir }) {
  return `# Made by scripts/lib/nginx.mjs: the store's instances behind one address.
${isRoot ? 'user root;\n' : ''}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  # Product images up to 10 MB are uploaded through it.
  client_max_body_size 12m;
  upstream store {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://store;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # An instance that is down or restarting: GETs are tried on the next one.
      proxy_next_upstream error timeout http_502;
    }
  }
}
`;
}

/** Starts nginx on `port`; `stop()` ends it and removes its files. */
export async function startNginx({ port, upstreams }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-nginx-'));
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig({ port, upstreams, dir }));
  const child = spawn(NGINX, ['-p', dir, '-c', conf], { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    // Any answer (even 502 before the instances are up) means nginx listens.
    const up = await fetch(`${url}/healthz`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline || child.exitCode !== null) {
      const log = fs.existsSync(path.join(dir, 'error.log')) ? fs.readFileSync(path.join(dir, 'error.log'), 'utf8') : '';
      throw new Error(`nginx did not start\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    config: conf,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const gone = new Promise((r) => child.once('exit', r));
        child.kill('SIGQUIT'); // graceful: finishes the requests in flight
        await Promise.race([gone, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
