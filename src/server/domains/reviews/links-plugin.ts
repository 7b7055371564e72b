import fp from 'fastify-plugin';
import { createReviewLinks, type ReviewLinks } from './links.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The signed review links (docs/decisions/0021), for the reviews and the order e-mails. */
    reviewLinks: ReviewLinks;
  }
}

export const reviewLinksPlugin = fp(
  async (app) => {
    app.decorate('reviewLinks', createReviewLinks(app.tokenSecret, app.config.publicUrl));
  },
  { name: 'review-links', dependencies: ['core'] },
);
