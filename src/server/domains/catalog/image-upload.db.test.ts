import realSharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { count } from '#tests/support/checkout.ts';
import { ADMIN, multipartBody, signedIn } from '#tests/support/admin.ts';
import { createTestApp, type TestApp } from '#tests/support/app.ts';

/**
 * A size that libvips fails to make (here: the 800 px one, cut from outside the image) fails the
 * whole upload with a 400, after the sizes before it were made: nothing is stored, no product changes.
 */
const failing = vi.hoisted(() => ({ width: 0 }));
vi.mock('../../lib/sharp.ts', () => {
  const sharp = ((...args: Parameters<typeof realSharp>) => {
    const img = realSharp(...args);
    const resize = img.resize.bind(img);
    img.resize = ((options?: { width?: number; height?: number }) =>
      options?.width === failing.width && !options.height
        ? resize(options).extract({ left: 0, top: 0, width: 99_999, height: 1 })
        : resize(options)) as typeof img.resize;
    return img;
  }) as typeof realSharp;
  return { loadSharp: async () => sharp };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
});
afterAll(() => t?.close());

const image = () =>
  realSharp({ create: { width: 1000, height: 1000, channels: 3, background: '#c98a2b' } })
    .png()
    .toBuffer();

describe('an upload whose sizes cannot all be made', () => {
  it('answers 400 with a message and stores nothing', async () => {
    const admin = await signedIn(t.app);
    const products = await t.app.inject({ url: '/api/products' });
    const { body, contentType } = multipartBody('image', 'photo.png', 'image/png', await image());

    failing.width = 800;
    const res = await admin.call('POST', '/api/admin/upload-image', body, { 'content-type': contentType });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'The file is not a readable image' });
    expect(await count(t.app, 'stored_files')).toBe(0);
    expect(await count(t.app, 'uploaded_images')).toBe(0);
    expect((await t.app.inject({ url: '/api/products' })).body).toBe(products.body);

    // The same file with every size made is stored whole.
    failing.width = 0;
    const ok = await admin.call('POST', '/api/admin/upload-image', body, { 'content-type': contentType });
    expect(ok.statusCode).toBe(200);
    expect(await count(t.app, 'stored_files')).toBe(5);
    expect(await count(t.app, 'uploaded_images')).toBe(1);
  });
});
