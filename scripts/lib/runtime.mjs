// The Node every part of the store runs on: the one package.json's `engines` names (Node 24 LTS).
// Where the machine's own `node` is older, the project brings its own (the `node` package puts a
// Node 24 binary in node_modules/.bin, which npm scripts and npx put first on PATH). Scripts, the
// test runners and the benchmarks call `assertSupportedNode` so that a run on the machine's older
// Node stops with a line that says what to do, instead of failing somewhere obscure.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** The lowest major version of Node that package.json's `engines.node` (">=24…") allows. */
export function requiredNodeMajor() {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const m = /^>=\s*(\d+)/.exec(pkg.engines?.node ?? '');
  if (!m) throw new Error('package.json: engines.node must read ">=<major>"');
  return Number(m[1]);
}

/** Exits with a message when this process runs on a Node older than `engines` allows; else returns its version. */
export function assertSupportedNode(what = 'This script') {
  const major = Number(process.versions.node.split('.')[0]);
  const required = requiredNodeMajor();
  if (major < required) {
    console.error(
      `${what} runs on Node ${required} or later; this is Node ${process.version} (${process.execPath}).\n` +
        `Run it through npm (npm install puts Node ${required} in node_modules/.bin, which npm scripts and npx use),\n` +
        'or put node_modules/.bin first on PATH.',
    );
    process.exit(1);
  }
  return process.version;
}
