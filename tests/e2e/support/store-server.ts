/** A second store for e2e specs, with its own configuration (Stripe, tags, …). */
export { freePort, type StoreServer, startStore } from '../../support/store-process.ts';
