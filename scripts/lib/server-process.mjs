// How production runs the store, in one place for `npm run cluster`, the benchmarks, Playwright and
// the tests that start the built server (package.json's `start` says the same; a test holds them
// together): plain Node on the built server (scripts/build-server.mjs), with V8's heap and the C
// library's allocator sized for the store (docs/decisions/0024-built-server-and-runtime.md).
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** The built server, run by `node` (after `npm run build`). */
export const SERVER_ENTRY = path.join(root, 'dist/server/main.js');

/**
 * Without the first two Node 24 sizes V8's heap for the machine (a 4 GiB limit on 24 GiB): the young
 * generation grows to three 64 MiB semi-spaces under load, the old one to several times what is
 * live before it is collected, and the pages freed stay with the process. The store keeps about
 * 35 MiB live: these hold it near 200 MiB after a minute of load instead of 380. Young semi-spaces of
 * 2 MiB rather than 8 are collected more often, so a page's 70 KB of bytes is freed and its memory
 * used again while still in the processor's cache: a cached page costs half the processor time, and
 * the process holds 30 MiB less after the load (docs/decisions/0060).
 * `--liftoff-only` keeps WebAssembly on V8's baseline compiler: PGlite's PostgreSQL is one large
 * module, and optimizing its hot functions in the background took 100 to 450 MiB of code and most of
 * a core for minutes after each start (docs/decisions/0060). It changes nothing on PostgreSQL.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=2', '--max-old-space-size=512', '--liftoff-only'];

/**
 * glibc's allocator, for the memory Node and PGlite take outside V8's heap. By default it keeps up to
 * eight arenas per core, one per thread that allocates (the thread pool, V8's compiler and GC
 * threads), and after a large block is freed it raises its mmap threshold to as much as 32 MiB, so
 * later large blocks come from the arenas and what is freed stays with the process. Two arenas and
 * fixed 128 KiB thresholds hold 15 MiB less on PostgreSQL and 55 MiB less on PGlite after the load,
 * at the same processor time (docs/decisions/0060). Other C libraries ignore the variable.
 */
export const SERVER_ENV = {
  GLIBC_TUNABLES: 'glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072',
};

/** The arguments for `spawn(process.execPath, …)` that start the built server. */
export function serverArgs() {
  return [...SERVER_NODE_FLAGS, SERVER_ENTRY];
}
