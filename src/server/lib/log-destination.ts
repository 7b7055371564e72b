import os from 'node:os';
import pino from 'pino';

/** What the log writes to: pino's asynchronous destination, as far as the batching below uses it. */
export interface Destination {
  write(text: string): boolean;
  flush(cb?: (err?: Error) => void): void;
  flushSync(): void;
}

/**
 * Joins the log's lines in memory and hands them to `destination` a block of at least `blockSize`
 * characters at a time, and whatever is held whenever it is flushed (every second here, and at exit:
 * pino's asynchronous destination flushes itself synchronously when the process exits).
 * Handing each line to the destination, which measures the whole text it holds on every write,
 * cost about a tenth of a cached answer's processor time (docs/decisions/0060).
 */
export function batchLines<D extends Destination>(destination: D, blockSize = 4096): D {
  const lines: string[] = [];
  let size = 0;
  const write = destination.write.bind(destination);
  const flush = destination.flush.bind(destination);
  const flushSync = destination.flushSync.bind(destination);
  const handOver = () => {
    if (size === 0) return;
    const block = lines.join('');
    lines.length = 0;
    size = 0;
    write(block);
  };
  destination.write = (line: string) => {
    lines.push(line);
    size += line.length;
    if (size >= blockSize) handOver();
    return true;
  };
  destination.flush = (cb) => {
    handOver();
    flush(cb);
  };
  destination.flushSync = () => {
    handOver();
    flushSync();
  };
  return destination;
}

/** How much of the log may wait for standard output before lines are dropped: 16 MiB. */
export const LOG_BUFFER_LIMIT = 16 * 1024 * 1024;

/**
 * Standard output, written in the background in blocks of 4 KB or at least once a second, so a busy
 * server never waits on the log and writes it in few system calls; what is still held is written
 * when the process exits. When standard output is not read (a stuck log collector, a paused
 * terminal), at most `limit` characters wait for it: the lines beyond are dropped rather than held
 * until the process runs out of memory, and the first block written again starts with a warning
 * line that says how many characters were lost.
 */
export function logDestination({
  dest = 1,
  limit = LOG_BUFFER_LIMIT,
}: {
  dest?: number | string;
  limit?: number;
} = {}): Destination {
  const stream = pino.destination({ dest, sync: false, maxLength: limit });
  let dropped = 0;
  stream.on('drop', (data: string) => {
    dropped += data.length;
  });
  const write = stream.write.bind(stream);
  stream.write = (text: string) => {
    if (dropped === 0) return write(text);
    const before = dropped;
    dropped = 0;
    const accepted = write(droppedNotice(before) + text);
    // Dropped again: the warning is not counted, only what was lost.
    if (dropped > 0) dropped = before + text.length;
    return accepted;
  };
  const destination = batchLines(stream);
  setInterval(() => destination.flush(), 1000).unref();
  return destination;
}

function droppedNotice(characters: number): string {
  return `{"level":40,"time":${Date.now()},"pid":${process.pid},"hostname":${JSON.stringify(os.hostname())},"msg":"log lines dropped: standard output was not read fast enough","droppedCharacters":${characters}}\n`;
}
