// The store process's own figures beside the load: how long a restart on existing data takes to
// answer, and how much memory the process holds after the load (bench/README.md).
import fs from 'node:fs';
import type { StoreServer } from '../tests/support/store-process.ts';

/** Resident memory of a process, MiB (Linux: /proc/<pid>/status). */
export function rssMiB(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return Math.round(kb / 1024);
}

export interface Restart {
  /** Median of the runs: from starting the process to its first 200 from /healthz (which asks the database). */
  ms: number;
  runs: number[];
  /** Resident memory of each restarted process once idle (IDLE_MS after its first answer), MiB. */
  idleMiB: number[];
}

/** How long a restarted store is left alone before its memory is read. */
export const IDLE_MS = 5_000;

/** Stops the store (SIGTERM, as a deployment does) and starts it again on its data, `times` times. */
export async function restartTimes(store: StoreServer, times = 5): Promise<Restart> {
  const runs: number[] = [];
  const idleMiB: number[] = [];
  for (let i = 0; i < times; i++) {
    await store.shutdown();
    const started = performance.now();
    await store.restart();
    runs.push(Math.round(performance.now() - started));
    await new Promise((r) => setTimeout(r, IDLE_MS));
    idleMiB.push(rssMiB(store.pid()));
  }
  const sorted = [...runs].sort((a, b) => a - b);
  return { ms: sorted[Math.floor(sorted.length / 2)] ?? 0, runs, idleMiB };
}
