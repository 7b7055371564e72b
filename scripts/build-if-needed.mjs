#!/usr/bin/env node
// `npm start` builds the storefront when there is no build yet or a source file is newer than it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const marker = path.join(root, 'dist/server/entry-server.js');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p));
    else newest = Math.max(newest, fs.statSync(p).mtimeMs);
  }
  return newest;
}

const built = ['dist/client/index.html', 'dist/client/.vite/manifest.json'].every((f) => fs.existsSync(path.join(root, f)));
const sources = Math.max(
  newestMtime(path.join(root, 'src/client')),
  newestMtime(path.join(root, 'src/shared')),
  newestMtime(path.join(root, 'src/content')),
  fs.statSync(path.join(root, 'index.html')).mtimeMs,
  fs.statSync(path.join(root, 'vite.config.ts')).mtimeMs,
);
if (!built || !fs.existsSync(marker) || fs.statSync(marker).mtimeMs < sources) {
  console.log('Building the storefront…');
  const r = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
