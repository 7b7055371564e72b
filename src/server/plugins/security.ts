import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/**
 * Security headers with a Content-Security-Policy that allows exactly the origins in use:
 * our own, and the third-party services only when configured (later issues add Stripe and tags).
 * Inline scripts carry a per-request nonce (the SSR state script).
 */
export async function registerSecurity(app: FastifyInstance, config: Config, opts: { dev: boolean }): Promise<void> {
  const https = config.publicUrl.startsWith('https:');
  await app.register(helmet, {
    enableCSPNonces: true,
    contentSecurityPolicy: opts.dev
      ? false // Vite's dev server injects inline scripts and a websocket client
      : {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'"],
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
