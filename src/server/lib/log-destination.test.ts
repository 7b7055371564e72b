import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { batchLines } from './log-destination.ts';

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
