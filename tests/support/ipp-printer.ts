import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/lib/system.mjs';

/**
 * A real IPP printer on loopback: CUPS's reference printer `ippeveprinter` (Debian's
 * cups-ipp-utils), keeping every job it receives as a file in its spool directory.
 */
export interface IppPrinter {
  url: string;
  /** The documents received so far (file contents). */
  jobs(): Buffer[];
  close(): Promise<void>;
}

export async function startIppPrinter(): Promise<IppPrinter> {
  const port = await freePort();
  const spool = fs.mkdtempSync(path.join(os.tmpdir(), 'ipp-spool-'));
  let log = '';
  const child: ChildProcess = spawn(
    '/usr/sbin/ippeveprinter',
    [
      '-p',
      String(port),
      '-n',
      'localhost',
      '-d',
      spool,
      '-k',
      '-r',
      'off',
      '-c',
      '/bin/true',
      '-f',
      'application/pdf',
      `Labels ${port}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (c: Buffer) => {
    log += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    log += c.toString();
  });
  const deadline = Date.now() + 10_000;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.end();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`ippeveprinter did not start (is avahi-daemon running? npm test starts it):\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `ipp://127.0.0.1:${port}/ipp/print`,
    jobs: () =>
      fs
        .readdirSync(spool)
        .filter((f) => f.endsWith('.pdf')) // the spooled documents (the print command's output is .prn)
        .sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10)) // "<job id>-<name>.pdf"
        .map((f) => fs.readFileSync(path.join(spool, f))),
    close: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(spool, { recursive: true, force: true });
    },
  };
}
