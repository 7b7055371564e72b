import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/**
 * Security headers with a Content-Security-Policy that allows exactly the origins in use:
 * our own, and the third-party services only when configured (later issues add Stripe and tags).
 * The one inline script (the SSR state) carries a per-request nonce; styles allow inline style
 * attributes (Radix positions popovers with them), so they get no nonce.
 */
declare module 'fastify' {
  interface FastifyRequest {
    cspNonce: string;
  }
}
export async function registerSecurity(app: FastifyInstance, config: Config, opts: { dev: boolean }): Promise<void> {
  const https = config.publicUrl.startsWith('https:');
  app.decorateRequest('cspNonce', '');
  app.addHook('onRequest', async (req) => {
    req.cspNonce = randomBytes(16).toString('base64');
    (req.raw as IncomingMessage & { cspNonce?: string }).cspNonce = req.cspNonce;
  });
  await app.register(helmet, {
    contentSecurityPolicy: opts.dev
      ? false // Vite's dev server injects inline scripts and a websocket client
      : {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", (req) => `'nonce-${(req as IncomingMessage & { cspNonce?: string }).cspNonce}'`],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", 'data:', 'blob:'],
            fontSrc: ["'self'"],
            connectSrc: ["'self'"],
            frameSrc: ["'none'"],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            formAction: ["'self'"],
            frameAncestors: ["'none'"],
            ...(https ? { upgradeInsecureRequests: [] } : {}),
          },
        },
    hsts: https ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
