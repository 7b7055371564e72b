#!/usr/bin/env node
// The storefront's initial JavaScript per page, gzip-compressed: the entry script, the chunks it
// imports, and the page's own chunk with its imports (what the server's modulepreload links fetch).
// Usage: node scripts/bundle-size.mjs [--json] [--max-kb N]   (reads dist/client after `npm run build`)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist/client');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const PAGES = {
  home: 'src/client/storefront/home/home-page.tsx',
  product: 'src/client/storefront/product/product-page.tsx',
  article: 'src/client/storefront/articles/article-page.tsx',
  contact: 'src/client/storefront/contact/contact-page.tsx',
  checkout: 'src/client/storefront/checkout/checkout-page.tsx',
  confirmation: 'src/client/storefront/checkout/confirmation-page.tsx',
  order: 'src/client/storefront/orders/order-status-page.tsx',
  lookup: 'src/client/storefront/orders/lookup-page.tsx',
  recover: 'src/client/storefront/recovery/recover-page.tsx',
  unsubscribe: 'src/client/storefront/recovery/unsubscribe-page.tsx',
  subscription: 'src/client/storefront/subscriptions/subscription-page.tsx',
};

function closure(key, into = new Set()) {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const dep of manifest[key].imports ?? []) closure(dep, into);
  return into;
}
const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const rows = Object.entries(PAGES).map(([page, source]) => {
  if (!manifest[source]) throw new Error(`${source} is not a chunk of its own in the build`);
  const keys = new Set([...closure(entry), ...closure(source)]);
  const bytes = [...keys].reduce((sum, k) => sum + gzipSize(manifest[k].file), 0);
  return { page, chunks: keys.size, gzipBytes: bytes, kb: Math.round((bytes / 1024) * 10) / 10 };
});

const args = process.argv.slice(2);
if (args.includes('--json')) console.log(JSON.stringify(rows));
else for (const r of rows) console.log(`${r.page.padEnd(12)} ${String(r.kb).padStart(6)} KB gzip in ${r.chunks} chunks`);
const maxIdx = args.indexOf('--max-kb');
if (maxIdx >= 0) {
  const max = Number(args[maxIdx + 1]);
  const over = rows.filter((r) => r.kb > max);
  if (over.length) {
    console.error(`Initial JS over budget (${max} KB gzip): ${over.map((r) => `${r.page} ${r.kb} KB`).join(', ')}`);
    process.exit(1);
  }
}
