import { randomBytes } from 'node:crypto';
import { AppError } from '../../errors.ts';
import { loadSharp } from '../../lib/sharp.ts';
import type { FileStore } from '../files/store.ts';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const UPLOAD_NAME = /^[a-f0-9]{32}\.webp$/;

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

/**
 * An uploaded product image (docs/engineering.md §1): PNG, JPEG, WebP or GIF by content (never SVG or HTML),
 * decoded and re-encoded by sharp as WebP of at most 1600 px with no metadata, so nothing of the
 * original file but its pixels is ever served. Returns the image's URL on this store.
 */
export async function storeProductImage(store: FileStore, data: Buffer): Promise<string> {
  const kind = sniff(data);
  if (!kind) throw new AppError('unsupported_media_type', 'Only PNG, JPEG, WebP or GIF images can be uploaded');
  const sharp = await loadSharp();
  let webp: Buffer;
  try {
    webp = await sharp(data, { failOn: 'error', limitInputPixels: 50_000_000, animated: false })
      .rotate()
      .resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new AppError('bad_request', 'The file is not a readable image');
  }
  const name = `${randomBytes(16).toString('hex')}.webp`;
  await store.save(name, webp);
  return `/uploads/${name}`;
}
