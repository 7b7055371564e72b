import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { batchLines, logDestination } from './log-destination.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function fileDestination() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'log-destination-'));
  dirs.push(dir);
  const file = path.join(dir, 'out.log');
  const destination = pino.destination({ dest: fs.openSync(file, 'w'), sync: false });
  const writes: string[] = [];
  const write = destination.write.bind(destination);
  destination.write = (text: string) => {
    writes.push(text);
    return write(text);
  };
  return { destination, writes, read: () => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '') };
}

const line = (n: number) => `{"n":${n},"msg":"${'x'.repeat(90)}"}\n`;

describe('batchLines', () => {
  it('hands the lines over in blocks of the given size, in order, and holds the rest', async () => {
    const { destination, writes, read } = fileDestination();
    const log = batchLines(destination, 1000);
    for (let n = 0; n < 25; n++) log.write(line(n));
    // 25 lines of 105 characters: two blocks of ten lines, five held.
    expect(writes.map((w) => w.split('\n').length - 1)).toEqual([10, 10]);
    log.flush();
    expect(writes.map((w) => w.split('\n').length - 1)).toEqual([10, 10, 5]);
    await vi.waitFor(() => expect(read()).toBe(Array.from({ length: 25 }, (_, n) => line(n)).join('')));
  });

  it('writes what it holds when flushed synchronously (as at exit)', () => {
    const { destination, read } = fileDestination();
    const log = batchLines(destination, 1000);
    log.write(line(1));
    log.write(line(2));
    expect(read()).toBe('');
    log.flushSync();
    expect(read()).toBe(line(1) + line(2));
  });

  it('is what a pino logger writes through, one JSON object per line', async () => {
    const { destination, read } = fileDestination();
    const logger = pino({ base: null }, batchLines(destination, 4096));
    for (let n = 0; n < 100; n++) logger.info({ n }, 'hello');
    logger.flush();
    // The blocks go out one asynchronous write after another, in order.
    await vi.waitFor(() => {
      const lines = read().trim().split('\n');
      expect(lines.map((l) => (JSON.parse(l) as { n: number }).n)).toEqual(Array.from({ length: 100 }, (_, n) => n));
    });
  });
});

describe('logDestination', () => {
  it('drops what standard output cannot take beyond its limit, and says how much once it is read again', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'log-destination-'));
    dirs.push(dir);
    const fifo = path.join(dir, 'stdout');
    execFileSync('mkfifo', [fifo]);
    // A reader that reads nothing yet: the pipe fills at 64 KiB and the writer's write waits.
    const reader = fs.openSync(fifo, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    const log = logDestination({ dest: fifo, limit: 256 * 1024 });
    let sent = 0;
    const send = (n: number) => {
      log.write(line(n));
      sent += line(n).length;
    };
    for (let n = 0; n < 20_000; n++) send(n);
    log.flush();
    let received = '';
    const buffer = Buffer.alloc(1 << 16);
    const drain = () => {
      for (;;) {
        let n = 0;
        try {
          n = fs.readSync(reader, buffer);
        } catch {
          return; // EAGAIN: nothing more to read now
        }
        if (n <= 0) return;
        received += buffer.toString('utf8', 0, n);
      }
    };
    type Entry = { n?: number; msg: string; level?: number; droppedCharacters?: number };
    const entries = () =>
      received
        .slice(0, received.lastIndexOf('\n') + 1)
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Entry);
    const notices = () => entries().filter((e) => e.msg.startsWith('log lines dropped'));
    // Standard output is read again; the next lines go out after a line saying how much was lost.
    await vi.waitFor(() => {
      drain();
      send(-1);
      log.flush();
      expect(notices().length).toBeGreaterThan(0);
    }, 10_000);
    // Every character sent is either written or counted in a notice.
    await vi.waitFor(() => {
      drain();
      const lines = entries().filter((e) => e.n !== undefined);
      const dropped = notices().reduce((sum, e) => sum + (e.droppedCharacters ?? 0), 0);
      expect(lines.reduce((sum, e) => sum + line(e.n ?? 0).length, 0) + dropped).toBe(sent);
    }, 10_000);
    fs.closeSync(reader);
    expect(notices()[0]).toMatchObject({ level: 40, pid: process.pid, hostname: os.hostname() });
    const kept = entries().filter((e) => e.n !== undefined && e.n >= 0);
    expect(kept.length).toBeLessThan(20_000);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.map((e) => e.n)).toEqual(kept.map((e) => e.n).sort((x, y) => (x ?? 0) - (y ?? 0)));
  });
});
