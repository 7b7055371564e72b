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

/**
 * Standard output, written in the background in blocks of 4 KB or at least once a second, so a busy
 * server never waits on the log and writes it in few system calls; what is still held is written
 * when the process exits.
 */
export function logDestination(): Destination {
  const destination = batchLines(pino.destination({ dest: 1, sync: false }));
  setInterval(() => destination.flush(), 1000).unref();
  return destination;
}
