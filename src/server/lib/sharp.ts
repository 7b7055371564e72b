import { onDemand } from './on-demand.ts';

/** sharp (and libvips, its threads and caches) loads with the first image to draw or re-encode. */
export const loadSharp = onDemand(async () => (await import('sharp')).default);
