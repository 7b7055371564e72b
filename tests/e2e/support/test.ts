import { test as base, expect } from '@playwright/test';

/**
 * Playwright's `test` with a `page` whose `goto` also waits until the storefront has hydrated
 * (`<html data-hydrated>`), so a test's first click meets React, not the pre-hydration tap holder
 * (which `tests/e2e/early-taps.spec.ts` tests on its own). Pages without the storefront's scripts
 * (the admin chunk, JSON answers) are not waited for.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await page
        .waitForFunction(() => !('__IW_REPLAY__' in window) || document.documentElement.hasAttribute('data-hydrated'), null, {
          timeout: 20_000,
        })
        .catch(() => {});
      return response;
    };
    await use(page);
  },
});

export { expect };
