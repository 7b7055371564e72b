import { drawAllImages } from './product-images.ts';

// A step of the build (scripts/build-server.mjs): draws the product images, favicons and the
// sharing image into the folder given, which the built server reads instead of drawing them.
const dir = process.argv[2];
if (!dir) throw new Error('usage: prerender-images <folder>');
const count = await drawAllImages(dir);
console.log(`${count} images drawn into ${dir}`);
