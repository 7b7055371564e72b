import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STORE_NAME } from '#shared/constants.ts';
import { notFound } from '../errors.ts';
import { apiDocsCsp } from './security.ts';

/** Swagger UI's browser bundle, as @fastify/swagger-ui ships it (ADR 0023). */
const SWAGGER_UI = path.join(path.dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui/package.json')), 'static');

interface Asset {
  type: string;
  body: Buffer;
}

function hashed(name: string, body: Buffer): string {
  const ext = path.extname(name);
  return `${path.basename(name, ext)}.${createHash('sha256').update(body).digest('hex').slice(0, 12)}${ext}`;
}

/** The page's files under content-hashed names, read at the first request for the page. */
function loadAssets(documentPath: string): { files: Map<string, Asset>; names: Record<string, string> } {
  const start = `SwaggerUIBundle(${JSON.stringify({
    url: documentPath,
    dom_id: '#docs',
    deepLinking: true,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    displayRequestDuration: true,
    // Swagger's public validator would be a third-party call; the test validates the document.
    validatorUrl: null,
  })});\n`;
  const sources: Record<string, Asset> = {
    'swagger-ui-bundle.js': {
      type: 'text/javascript; charset=utf-8',
      body: fs.readFileSync(path.join(SWAGGER_UI, 'swagger-ui-bundle.js')),
    },
    'swagger-ui.css': { type: 'text/css; charset=utf-8', body: fs.readFileSync(path.join(SWAGGER_UI, 'swagger-ui.css')) },
    'start.js': { type: 'text/javascript; charset=utf-8', body: Buffer.from(start) },
  };
  const files = new Map<string, Asset>();
  const names: Record<string, string> = {};
  for (const [name, asset] of Object.entries(sources)) {
    names[name] = hashed(name, asset.body);
    files.set(names[name], asset);
  }
  return { files, names };
}

const page = (base: string, names: Record<string, string>) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>API reference | ${STORE_NAME}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${base}/assets/${names['swagger-ui.css']}">
</head>
<body>
<div id="docs"></div>
<script src="${base}/assets/${names['swagger-ui-bundle.js']}"></script>
<script src="${base}/assets/${names['start.js']}"></script>
</body>
</html>
`;

/**
 * The developers' reference page: Swagger UI reading the API description, served from this
 * server with a policy of its own (security.ts apiDocsCsp). It shares nothing with the
 * storefront's build: no Vite, no bundle of the store's.
 */
export async function registerApiDocsPage(app: FastifyInstance, opts: { path: string; documentPath: string }): Promise<void> {
  let loaded: ReturnType<typeof loadAssets> | undefined;
  const assets = () => {
    loaded ??= loadAssets(opts.documentPath);
    return loaded;
  };
  const config = { csp: apiDocsCsp(app.config) };

  const routes: FastifyPluginAsyncZod = async (docs) => {
    docs.get(opts.path, { config }, async (_req, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page(opts.path, assets().names)),
    );
    docs.get(
      `${opts.path}/assets/:file`,
      { config, schema: { params: z.object({ file: z.string().max(100) }) } },
      async (req, reply) => {
        const asset = assets().files.get(req.params.file);
        if (!asset) throw notFound('File');
        return reply.type(asset.type).header('cache-control', 'public, max-age=31536000, immutable').send(asset.body);
      },
    );
  };
  await app.register(routes);
}
