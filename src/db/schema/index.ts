export * from './admin.ts';
export * from './analytics.ts';
export * from './cart.ts';
export * from './catalog.ts';
export * from './files.ts';
export * from './orders.ts';
export * from './payments.ts';
export * from './reviews.ts';
