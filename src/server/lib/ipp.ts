/**
 * A small IPP/2.0 client (RFC 8010/8011) for what the store needs: Print-Job with a PDF, and
 * Get-Job-Attributes to follow the job. Works with CUPS queues and IPP Everywhere printers.
 */

const TAG = {
  operation: 0x01,
  job: 0x02,
  end: 0x03,
  printer: 0x04,
  unsupported: 0x05,
  integer: 0x21,
  boolean: 0x22,
  enum: 0x23,
  uri: 0x45,
  charset: 0x47,
  naturalLanguage: 0x48,
  mimeMediaType: 0x49,
  name: 0x42,
  keyword: 0x44,
} as const;

const OP = { printJob: 0x0002, getJobAttributes: 0x0009, getPrinterAttributes: 0x000b } as const;

export const JOB_STATES: Record<number, string> = {
  3: 'pending',
  4: 'pending-held',
  5: 'processing',
  6: 'processing-stopped',
  7: 'canceled',
  8: 'aborted',
  9: 'completed',
};

type Value = string | number | boolean;
type Attr = [tag: number, name: string, value: Value];

export class IppError extends Error {}

function encode(operation: number, requestId: number, attrs: Attr[]): Buffer {
  const parts: Buffer[] = [];
  const head = Buffer.alloc(8);
  head.writeUInt16BE(0x0200, 0); // IPP/2.0
  head.writeUInt16BE(operation, 2);
  head.writeUInt32BE(requestId, 4);
  parts.push(head, Buffer.from([TAG.operation]));
  for (const [tag, name, value] of attrs) {
    const nameBuf = Buffer.from(name, 'utf8');
    let valueBuf: Buffer;
    if (tag === TAG.integer || tag === TAG.enum) {
      valueBuf = Buffer.alloc(4);
      valueBuf.writeInt32BE(Number(value), 0);
    } else if (tag === TAG.boolean) {
      valueBuf = Buffer.from([value ? 1 : 0]);
    } else {
      valueBuf = Buffer.from(String(value), 'utf8');
    }
    const lens = Buffer.alloc(1 + 2);
    lens.writeUInt8(tag, 0);
    lens.writeUInt16BE(nameBuf.length, 1);
    const vlen = Buffer.alloc(2);
    vlen.writeUInt16BE(valueBuf.length, 0);
    parts.push(lens, nameBuf, vlen, valueBuf);
  }
  parts.push(Buffer.from([TAG.end]));
  return Buffer.concat(parts);
}

export interface IppResponse {
  statusCode: number;
  /** Attributes by group ('operation', 'job', 'printer'), first value of each. */
  groups: Record<string, Record<string, Value>>;
}

const GROUPS: Record<number, string> = { 1: 'operation', 2: 'job', 4: 'printer', 5: 'unsupported' };

function decode(buf: Buffer): IppResponse {
  if (buf.length < 9) throw new IppError('The printer sent an answer that is not IPP');
  const statusCode = buf.readUInt16BE(2);
  const groups: IppResponse['groups'] = {};
  let group: Record<string, Value> = {};
  let name = '';
  let i = 8;
  while (i < buf.length) {
    const tag = buf.readUInt8(i++);
    if (tag === TAG.end) break;
    if (tag < 0x10) {
      group = {};
      groups[GROUPS[tag] ?? `group-${tag}`] = group;
      continue;
    }
    const nameLen = buf.readUInt16BE(i);
    i += 2;
    const attrName = buf.toString('utf8', i, i + nameLen);
    i += nameLen;
    const valueLen = buf.readUInt16BE(i);
    i += 2;
    const raw = buf.subarray(i, i + valueLen);
    i += valueLen;
    if (attrName) name = attrName; // an empty name adds a value to the previous attribute
    if (!attrName && name in group) continue;
    let value: Value;
    if ((tag === TAG.integer || tag === TAG.enum) && valueLen === 4) value = raw.readInt32BE(0);
    else if (tag === TAG.boolean && valueLen === 1) value = raw.readUInt8(0) === 1;
    else if (tag >= 0x40 && tag < 0x50) value = raw.toString('utf8');
    else continue; // dates, resolutions, ranges, collections: not needed here
    group[name] = value;
  }
  return { statusCode, groups };
}

/** ipp://host:631/path → http://host:631/path (ipps → https). */
export function httpUrlOf(printerUrl: string): string {
  const u = new URL(printerUrl);
  if (u.protocol === 'ipp:' || u.protocol === 'ipps:') {
    const https = u.protocol === 'ipps:';
    return `${https ? 'https' : 'http'}://${u.hostname}${u.port ? `:${u.port}` : ':631'}${u.pathname}${u.search}`;
  }
  return printerUrl;
}

let nextRequestId = 1;

/** server-error-busy: the printer is printing another job; asked again a little later. */
const BUSY = 0x0507;

async function call(
  printerUrl: string,
  operation: number,
  attrs: Attr[],
  data?: Buffer,
  timeoutMs = 15_000,
): Promise<IppResponse> {
  for (let attempt = 0; ; attempt++) {
    const res = await callOnce(printerUrl, operation, attrs, data, timeoutMs);
    if (res.statusCode !== BUSY || attempt >= 20) return check(res);
    await new Promise((r) => setTimeout(r, 250 + attempt * 100));
  }
}

function check(decoded: IppResponse): IppResponse {
  if (decoded.statusCode >= 0x0400) {
    const message = decoded.groups.operation?.['status-message'];
    throw new IppError(`The printer refused the job (0x${decoded.statusCode.toString(16)}${message ? `: ${message}` : ''})`);
  }
  return decoded;
}

async function callOnce(
  printerUrl: string,
  operation: number,
  attrs: Attr[],
  data: Buffer | undefined,
  timeoutMs: number,
): Promise<IppResponse> {
  const base: Attr[] = [
    [TAG.charset, 'attributes-charset', 'utf-8'],
    [TAG.naturalLanguage, 'attributes-natural-language', 'en'],
    [TAG.uri, 'printer-uri', printerUrl],
  ];
  const body = Buffer.concat([encode(operation, nextRequestId++, [...base, ...attrs]), data ?? Buffer.alloc(0)]);
  let res: Response;
  try {
    res = await fetch(httpUrlOf(printerUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/ipp' },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    throw new IppError(`The printer at ${printerUrl} cannot be reached (${(err as Error).message})`);
  }
  if (!res.ok) throw new IppError(`The printer answered HTTP ${res.status}`);
  return decode(Buffer.from(await res.arrayBuffer()));
}

export interface PrintedJob {
  jobId: number;
  state: string;
}

/** Sends a PDF as a print job and answers the job's id and state. */
export async function printPdf(printerUrl: string, pdf: Buffer, jobName: string): Promise<PrintedJob> {
  const res = await call(
    printerUrl,
    OP.printJob,
    [
      [TAG.name, 'requesting-user-name', 'ironwake-store'],
      [TAG.name, 'job-name', jobName.slice(0, 200)],
      [TAG.mimeMediaType, 'document-format', 'application/pdf'],
    ],
    pdf,
  );
  const jobId = Number(res.groups.job?.['job-id']);
  if (!Number.isInteger(jobId)) throw new IppError('The printer accepted the job without a job id');
  return { jobId, state: JOB_STATES[Number(res.groups.job?.['job-state'])] ?? 'pending' };
}

/** The state of a job: pending, processing, completed, aborted, … */
export async function jobState(printerUrl: string, jobId: number): Promise<string> {
  const res = await call(printerUrl, OP.getJobAttributes, [
    [TAG.integer, 'job-id', jobId],
    [TAG.name, 'requesting-user-name', 'ironwake-store'],
    [TAG.keyword, 'requested-attributes', 'job-state'],
  ]);
  return JOB_STATES[Number(res.groups.job?.['job-state'])] ?? 'unknown';
}
