import { describe, expect, it } from 'vitest';
import { artKindOf, pictureOf } from './pictures.ts';

const upload = [
  { url: '/uploads/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.webp', width: 160, height: 120 },
  { url: '/uploads/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.webp', width: 800, height: 600 },
  { url: '/uploads/cccccccccccccccccccccccccccccccc.webp', width: 1600, height: 1200 },
];

describe('a product’s picture', () => {
  it('pictures three bottles for the 3-Pack or for three or more singles', () => {
    expect(artKindOf('Single Bottle', 1)).toBe('single');
    expect(artKindOf('Single Bottle', 2)).toBe('single');
    expect(artKindOf('Single Bottle', 3)).toBe('3-pack');
    expect(artKindOf('Smelling Salts 3-Pack', 1)).toBe('3-pack');
  });

  it('without an upload is the drawn art at every width the server draws, 640 px square without srcset', () => {
    const art = pictureOf('Single Bottle', 1, undefined);
    expect(art).toEqual({
      uploaded: false,
      src: '/api/product-images/single?w=640',
      width: 640,
      height: 640,
      variants: [320, 640, 720, 960, 1280].map((w) => ({ url: `/api/product-images/single?w=${w}`, width: w, height: w })),
    });
    expect(pictureOf('Single Bottle', 3, []).src).toBe('/api/product-images/3-pack?w=640');
  });

  it('with an upload is the upload whatever the quantity, its first size of 640 px or more where srcset is not read', () => {
    for (const quantity of [1, 3]) {
      expect(pictureOf('Smelling Salts 3-Pack', quantity, upload)).toEqual({
        uploaded: true,
        src: upload[1]?.url,
        width: 800,
        height: 600,
        variants: upload,
      });
    }
    const small = [{ url: '/uploads/dddddddddddddddddddddddddddddddd.webp', width: 300, height: 300 }];
    expect(pictureOf('Single Bottle', 1, small)).toMatchObject({ src: small[0]?.url, width: 300, height: 300 });
  });
});
