import fp from 'fastify-plugin';
import { createOrderLinks, type OrderLinks } from './links.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The signed links to the shoppers' order pages (docs/decisions/0038), for every order e-mail. */
    orderLinks: OrderLinks;
  }
}

export const orderLinksPlugin = fp(
  async (app) => {
    app.decorate('orderLinks', createOrderLinks(app.tokenSecret, app.config.publicUrl));
  },
  { name: 'order-links', dependencies: ['core'] },
);
