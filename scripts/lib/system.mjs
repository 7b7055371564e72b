// What the test suite, the benchmarks and the cluster need from this machine: Debian's Chromium,
// PostgreSQL, nginx and a real IPP printer (installed when missing and running as root), and
// throwaway PostgreSQL clusters on loopback.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const CHROMIUM = '/usr/bin/chromium';
/** Flags Debian's Chromium needs here, headless (Playwright's browser tests and the benchmarks' Lighthouse). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const isRoot = process.getuid?.() === 0;

export function findPgBin() {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return undefined;
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : undefined;
}

export function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', ...opts });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const IPPEVEPRINTER = '/usr/sbin/ippeveprinter';
const AVAHI = '/usr/sbin/avahi-daemon';
export const NGINX = '/usr/sbin/nginx';

/** What each need is met by: a file that shows it installed, and the Debian packages to install. */
const NEEDS = {
  chromium: { present: () => fs.existsSync(CHROMIUM), packages: ['chromium'] },
  postgresql: { present: () => Boolean(findPgBin()), packages: ['postgresql'] },
  // A real IPP printer for the label tests; it registers itself over DNS-SD, so it needs Avahi.
  printer: { present: () => fs.existsSync(IPPEVEPRINTER), packages: ['cups-ipp-utils'] },
  avahi: { present: () => fs.existsSync(AVAHI), packages: ['avahi-daemon', 'dbus'] },
  // The load balancer in front of several instances (npm run cluster and its test).
  nginx: { present: () => fs.existsSync(NGINX), packages: ['nginx-light'] },
};

/** Installs what is missing of `needs` (all by default) from Debian when root; else says what to install and exits. */
export function ensureSystemPackages(needs = Object.keys(NEEDS), what = 'npm test') {
  const missing = needs.filter((n) => !NEEDS[n].present()).flatMap((n) => NEEDS[n].packages);
  if (missing.length === 0) return;
  if (!isRoot) {
    console.error(
      `${what} needs Debian packages that are missing: ${missing.join(' ')}.\n` +
        `Install them (sudo apt-get install -y ${missing.join(' ')}) and run ${what} again.`,
    );
    process.exit(1);
  }
  console.log(`Installing ${missing.join(', ')} from Debian…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // Packages must not start their system services (nginx on port 80, a PostgreSQL cluster): the
  // suite starts its own on loopback. policy-rc.d answering 101 tells invoke-rc.d so.
  const policy = '/usr/sbin/policy-rc.d';
  const ownPolicy = !fs.existsSync(policy);
  if (ownPolicy) fs.writeFileSync(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
  const upd = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const inst = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { stdio: 'inherit', env });
  if (ownPolicy) fs.rmSync(policy, { force: true });
  if (upd.status !== 0 || inst.status !== 0 || !needs.every((n) => NEEDS[n].present())) {
    console.error(`Could not install ${missing.join(' ')} with apt-get; install them by hand and run ${what} again.`);
    process.exit(1);
  }
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * A throwaway PostgreSQL cluster on loopback: its URL, `stop()` (and remove it), and `halt()` /
 * `resume()` to take the server down and bring it back on the same port with its data.
 */
export async function startPostgres({ durable = false } = {}) {
  const bin = findPgBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-pg-'));
  const port = await freePort();
  const asPg = isRoot;
  if (asPg) fs.chownSync(dir, ...pgIds());
  const sh = (cmd) =>
    asPg
      ? spawnSync('su', ['postgres', '-s', '/bin/bash', '-c', cmd], { stdio: ['ignore', 'ignore', 'inherit'] })
      : spawnSync('/bin/bash', ['-c', cmd], { stdio: ['ignore', 'ignore', 'inherit'] });
  const init = sh(`${bin}/initdb -D ${dir} -U postgres --auth=trust -E UTF8 --locale=C.UTF-8`);
  if (init.status !== 0) throw new Error('initdb failed');
  // Tests trade durability for speed; the benchmarks run PostgreSQL as a store would (durable).
  const fast = durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off';
  const opts = `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${dir} -c max_connections=200${fast}`;
  const start = sh(`${bin}/pg_ctl -D ${dir} -l ${dir}/server.log -o '${opts}' -w start`);
  if (start.status !== 0) {
    console.error(fs.existsSync(`${dir}/server.log`) ? fs.readFileSync(`${dir}/server.log`, 'utf8') : '');
    throw new Error('PostgreSQL did not start');
  }
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    halt() {
      if (sh(`${bin}/pg_ctl -D ${dir} -m fast -w stop`).status !== 0) throw new Error('PostgreSQL did not stop');
    },
    resume() {
      if (sh(`${bin}/pg_ctl -D ${dir} -l ${dir}/server.log -o '${opts}' -w start`).status !== 0) {
        throw new Error('PostgreSQL did not start again');
      }
    },
    stop() {
      if (stopped) return;
      stopped = true;
      sh(`${bin}/pg_ctl -D ${dir} -m fast -w stop`);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A process that is running (not gone, not a zombie), from its pid file. */
function alive(pidFile) {
  try {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').trim());
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^\d+ \(.*\) Z /.test(stat);
  } catch {
    return false;
  }
}

/** ippeveprinter needs a running Avahi daemon (and D-Bus under it); started here when missing. */
export function ensureAvahi() {
  // --check asks the daemon itself (its pid file), so a dead leftover process does not count.
  if (spawnSync(AVAHI, ['--check'], { stdio: 'ignore' }).status === 0) return;
  if (!isRoot) {
    console.error('The printer tests need avahi-daemon running (sudo service avahi-daemon start).');
    return;
  }
  fs.mkdirSync('/run/dbus', { recursive: true });
  if (!alive('/run/dbus/pid')) {
    for (const f of ['/run/dbus/pid', '/run/dbus/system_bus_socket']) fs.rmSync(f, { force: true });
    spawnSync('dbus-daemon', ['--system', '--fork'], { stdio: 'ignore' });
  }
  fs.rmSync('/run/avahi-daemon/pid', { force: true });
  spawnSync(AVAHI, ['--daemonize', '--no-drop-root', '--no-chroot'], { stdio: 'ignore' });
  if (spawnSync(AVAHI, ['--check'], { stdio: 'ignore' }).status !== 0) console.error('avahi-daemon did not start');
}

function pgIds() {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('no postgres user: is the postgresql package installed?');
  const [, , uid, gid] = line.split(':');
  return [Number(uid), Number(gid)];
}
