import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The storefront's first load is held to 85 KB of gzip-compressed JavaScript per page
 * (scripts/bundle-size.mjs checks it in `npm test`). What every page's first render needs goes into
 * one `core` chunk: the framework packages below and the shared storefront code. Each page is a
 * chunk of its own (src/client/app/lazy-page.tsx); the drawer, menu and toasts load on idle; the
 * admin dashboard, when it comes, is a chunk the storefront never loads.
 */
// The storefront's query cache is its own (src/client/lib/query-cache.ts, docs/decisions/0062): TanStack Query
// is the dashboard's alone, in its chunk. The mutation hooks are only used by the lazily loaded drawer.
const CORE_PACKAGES = /\/node_modules\/(react|react-dom|scheduler)\//;
const CORE_SOURCES = /\/src\/(shared|client\/(app|lib|ui|storefront\/(layout|cart|catalog|pages|articles\/api)))\//;
const LAZY_SOURCES =
  /\/src\/(client\/(lib\/mutation\.ts$|ui\/(sheet-impl|toaster|field|badge|faq)\.tsx$|storefront\/cart\/drawer\/|storefront\/cart\/api\/add-to-cart\.ts$|storefront\/catalog\/components\/(quantity-selector|held-note|price)\.tsx$)|shared\/(admin|refunds|validation|secret-params|review-token|review-types|stock-movements|returns|returns-schemas|order-status|order-status-schemas|fulfilment|delivery|order-paths|settings|discounts|discounts-schemas|recovery|analytics-types|payment-methods|regulated-claims|reactions|reaction-texts|medwatch|hazmat|ground-only|consent|subscribe|subscribe-terms|subscription-page|subscription-page-schemas|subscription-states|subscriptions-admin|staff|two-factor|webhooks|disputes|audit)\.ts$)/;

/**
 * The packages the built page renderer (dist/ssr) loads from node_modules at run time: they are the
 * `dependencies` the production install keeps. Everything else it uses is compiled into it, so the
 * client's libraries (Radix and what it uses, lucide) can stay devDependencies (ADR 0024).
 */
const SSR_RUNTIME_PACKAGES = ['react', 'react-dom', '@tanstack/react-query'];

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    target: 'es2022',
    cssCodeSplit: true,
    // The server reads .vite/manifest.json to send modulepreload links for each page's chunk.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'core',
              test: (id: string) => CORE_PACKAGES.test(id) || (CORE_SOURCES.test(id) && !LAZY_SOURCES.test(id)),
            },
          ],
        },
      },
    },
  },
  ssr:
    command === 'build'
      ? { noExternal: true, external: SSR_RUNTIME_PACKAGES }
      : // Vite's development server loads the others from node_modules, as Node would.
        { noExternal: [/^@radix-ui\//, 'lucide'] },
}));
