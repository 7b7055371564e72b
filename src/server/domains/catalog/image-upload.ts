import { createHash } from 'node:crypto';
import { type ImageVariant, UPLOAD_IMAGE_WIDTHS } from '#shared/catalog.ts';
import type { Database } from '#db/client.ts';
import { AppError } from '../../errors.ts';
import { loadSharp } from '../../lib/sharp.ts';
import type { FileStore } from '../files/service.ts';
import * as repo from './repo.ts';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const UPLOAD_NAME = /^[a-f0-9]{32}\.webp$/;
const UPLOADS = '/uploads/';
/** The full image's longest side. */
const FULL_SIZE = 1600;

/** The image formats accepted, recognised by their first bytes, never by name or declared type. */
function sniff(b: Buffer): 'png' | 'jpeg' | 'gif' | 'webp' | null {
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 6 && (b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a'))
    return 'gif';
  if (b.length >= 12 && b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'webp';
  return null;
}

interface EncodedSize {
  /** Named by its content: another image is another address, so every address may be cached for good. */
  name: string;
  data: Buffer;
  width: number;
  height: number;
}

function encoded(data: Buffer, info: { width: number; height: number }): EncodedSize {
  const name = `${createHash('sha256').update(data).digest('hex').slice(0, 32)}.webp`;
  return { name, data, width: info.width, height: info.height };
}

/**
 * The image decoded once (turned upright, at most 1600 px), then encoded as WebP of quality 82 with
 * no metadata at each width of UPLOAD_IMAGE_WIDTHS below its own, and whole: smallest first, the
 * full image last. Nothing of the original file but its pixels is kept. Any failure is a 400 and
 * makes nothing.
 */
export async function encodeSizes(data: Buffer): Promise<EncodedSize[]> {
  const sharp = await loadSharp();
  try {
    const { data: pixels, info } = await sharp(data, { failOn: 'error', limitInputPixels: 50_000_000, animated: false })
      .rotate()
      .resize({ width: FULL_SIZE, height: FULL_SIZE, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const sizes: EncodedSize[] = [];
    for (const width of [...UPLOAD_IMAGE_WIDTHS.filter((w) => w < info.width), info.width]) {
      const out = await sharp(pixels, raw).resize({ width }).webp({ quality: 82 }).toBuffer({ resolveWithObject: true });
      sizes.push(encoded(out.data, out.info));
    }
    return sizes;
  } catch {
    throw new AppError('bad_request', 'The file is not a readable image');
  }
}

const variantOf = (s: EncodedSize): ImageVariant => ({ url: `${UPLOADS}${s.name}`, width: s.width, height: s.height });

/** Writes the sizes' files and their record in one transaction: all of them, or nothing. */
async function saveSizes(db: Database, files: FileStore, sizes: readonly EncodedSize[], variants: ImageVariant[]) {
  const full = variants[variants.length - 1];
  if (!full) throw new Error('an image has at least one size');
  await db.transaction(async (tx) => {
    for (const s of sizes) await files.save(s.name, s.data, tx);
    await repo.insertUploadedImage(tx, full.url, variants);
  });
  return full.url;
}

/**
 * An uploaded product image (docs/engineering.md §1, docs/decisions/0030): PNG, JPEG, WebP or GIF by
 * content (never SVG or HTML), stored in its sizes. No product changes here: the owner's form points
 * a product at the answer's `imageUrl`, the full image.
 */
export async function storeProductImage(
  db: Database,
  files: FileStore,
  data: Buffer,
): Promise<{ imageUrl: string; variants: ImageVariant[] }> {
  if (!sniff(data)) throw new AppError('unsupported_media_type', 'Only PNG, JPEG, WebP or GIF images can be uploaded');
  const sizes = await encodeSizes(data);
  const variants = sizes.map(variantOf);
  return { imageUrl: await saveSizes(db, files, sizes, variants), variants };
}

/**
 * Images uploaded before sizes were made (one WebP at a random name) that products point at: their
 * narrower sizes are made now, the stored file stays their full image. Returns how many were sized.
 */
export async function sizeEarlierUploads(db: Database, files: FileStore): Promise<number> {
  let sized = 0;
  for (const url of await repo.selectUnsizedUploadUrls(db, UPLOADS)) {
    const name = url.slice(UPLOADS.length);
    const data = UPLOAD_NAME.test(name) ? await files.read(name) : null;
    if (!data) continue;
    const sizes = await encodeSizes(data).catch(() => null);
    const full = sizes?.pop();
    if (!sizes || !full) continue;
    await saveSizes(db, files, sizes, [...sizes.map(variantOf), { url, width: full.width, height: full.height }]);
    sized += 1;
  }
  return sized;
}
