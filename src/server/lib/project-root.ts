import fs from 'node:fs';
import path from 'node:path';

/**
 * The store's folder (the one holding package.json), found from where this code runs: its source
 * (src/server/…) under tsx or Vite, or the built server (dist/server/, one file per entry and
 * shared chunks). Paths to the storefront's build, index.html and package.json start here.
 */
function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const PROJECT_ROOT = findProjectRoot(import.meta.dirname);
