#!/usr/bin/env node
// The server and its command-line tools as plain JavaScript, for production (`npm run build`'s last
// step; docs/decisions/0024-built-server-and-runtime.md):
//   dist/server/main.js    the store (`npm start`): caches V8's compiled code, then loads server.js
//   dist/server/admin.js   `npm run admin`
//   dist/server/backup.js  `npm run backup` / `npm run restore`
//   dist/server/seed-demo.js `npm run seed:demo`
//   dist/server/chunk-*.js what they share and what loads on demand
//   dist/server/migrations the database migrations they apply
//   dist/server/images     the product images, favicons and sharing image, drawn here once
// The `#shared/* #db/* #server/*` imports and the server's JavaScript packages are compiled in: one
// file loads in a fraction of the time Node 24 takes to resolve and load some 1,500 files one by one
// (drizzle-orm alone re-reads its 179 KB package.json for each of its files as ES modules). What
// must stay a package is loaded from node_modules at run time (LOADED_AT_RUN_TIME).
// It fails when anything it leaves to node_modules (or the page renderer dist/ssr does) is not in
// `dependencies`, which is all `npm prune --omit=dev` keeps.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'dist/server');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

/** Packages the built server loads from node_modules instead of carrying them compiled in. */
const LOADED_AT_RUN_TIME = [
  // Native code or WebAssembly, found beside their JavaScript.
  '@electric-sql/pglite',
  '@node-rs/argon2',
  'sharp',
  // Files read from the package's folder (Swagger UI's browser bundle).
  '@fastify/swagger-ui',
  // Loaded on demand by few requests (lib/on-demand.ts): nothing to gain from compiling them in.
  'stripe',
  'nodemailer',
  'pdf-lib',
  'bwip-js',
];
/** Packages only development mode loads (Vite's dev server); production never imports them. */
const DEVELOPMENT_ONLY = ['vite', '@fastify/middie', 'pino-pretty'];
/** Optional packages behind code the store never runs (pg's native bindings, `pg.native`). */
const NEVER_LOADED = ['pg-native'];

const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
const isBuiltin = (specifier) => specifier.startsWith('node:') || builtinModules.includes(packageOf(specifier));

const externalImports = (metafile, rename = (file) => file) =>
  Object.entries(metafile.outputs).flatMap(([file, output]) =>
    output.imports.filter((i) => i.external).map((i) => ({ specifier: i.path, importer: rename(file) })),
  );

/** The packages Vite's page renderer (dist/ssr) imports, read by esbuild from the built files. */
async function ssrImports() {
  const entry = path.join(root, 'dist/ssr/entry-server.js');
  if (!fs.existsSync(entry)) return [];
  const scan = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    outdir: path.join(root, 'dist/ssr-scan'),
    platform: 'node',
    format: 'esm',
    packages: 'external',
    metafile: true,
    logLevel: 'silent',
  });
  return externalImports(scan.metafile, (file) => file.replace('dist/ssr-scan/', 'dist/ssr/'));
}

/** esbuild's settings for code that runs in Node from dist/ (the server, and the image step below). */
const nodeBuild = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  external: [...LOADED_AT_RUN_TIME, ...DEVELOPMENT_ONLY, ...NEVER_LOADED],
  // Without the packages' comments and indentation: the process keeps each file's text in memory (as
  // two bytes a character when one comment holds a character beyond Latin-1), and reads it at every
  // start. Names are kept, so a logged error's stack still names its functions.
  minifyWhitespace: true,
  // The packages' licences in a file beside each output (`*.LEGAL.txt`), out of the code: Node keeps
  // a file over 1 MB that holds one character beyond ASCII (an author's name in a licence) as two
  // bytes a character, 3 MB more for the largest chunk.
  legalComments: 'external',
  // The CommonJS packages compiled in call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
};

/** Draws the images the server would otherwise draw with sharp at run time (domains/catalog/product-images.ts). */
async function drawImages() {
  const step = path.join(root, 'dist/.prerender');
  await build({ ...nodeBuild, entryPoints: ['src/server/domains/catalog/prerender-images.ts'], outdir: step });
  const r = spawnSync(process.execPath, [path.join(step, 'prerender-images.js'), path.join(out, 'images')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  fs.rmSync(step, { recursive: true, force: true });
  if (r.status !== 0) throw new Error('Drawing the product images failed');
}

async function buildServer() {
  fs.rmSync(out, { recursive: true, force: true });
  const result = await build({
    ...nodeBuild,
    entryPoints: {
      main: 'src/server/start.ts',
      admin: 'src/server/cli/admin.ts',
      backup: 'src/server/cli/backup.ts',
      'seed-demo': 'src/server/cli/seed-demo.ts',
    },
    outdir: out,
    // Shared code and what loads on demand in chunks beside the entries, in the same folder:
    // import.meta.url then names dist/server for every file (migrations/ and images/ are found there).
    splitting: true,
    chunkNames: 'chunk-[hash]',
    metafile: true,
  });
  fs.cpSync(path.join(root, 'src/db/migrations'), path.join(out, 'migrations'), { recursive: true });
  await drawImages();

  const runtime = new Set([...Object.keys(pkg.dependencies), ...DEVELOPMENT_ONLY, ...NEVER_LOADED]);
  const missing = [...externalImports(result.metafile), ...(await ssrImports())].filter(
    ({ specifier }) => !isBuiltin(specifier) && !runtime.has(packageOf(specifier)),
  );
  if (missing.length > 0) {
    const lines = missing.map((m) => `  ${m.specifier} (imported by ${m.importer})`);
    throw new Error(
      `The built server imports packages that are not in "dependencies" (npm prune --omit=dev would remove them):\n${lines.join('\n')}`,
    );
  }
}

buildServer().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
