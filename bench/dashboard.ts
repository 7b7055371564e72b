// The dashboard with a year of business (issue "A year of business", item 4): the built store on a
// PGlite folder filled by the demo year (`npm run seed:demo`'s generator, DASHBOARD_ORDERS and
// DASHBOARD_EVENTS, 3,000 and 300,000 by default), opened in headless Chromium; the long tasks
// (PerformanceObserver 'longtask') while the Analytics tab opens on 30 days and while it switches
// to 12 months, without and with a 4× slower CPU (as Lighthouse's mobile runs). Target: none over
// 200 ms. A section of `npm run bench`; alone, `npm run bench:dashboard`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright';
import { seedDemo } from '#server/cli/demo/index.ts';
import { CHROMIUM, CHROMIUM_FLAGS } from '../scripts/lib/system.mjs';
import { startStore } from '../tests/support/store-process.ts';
import { adminApp } from './admin-app.ts';

const SIZE = {
  orders: Number(process.env.DASHBOARD_ORDERS ?? 3_000),
  events: Number(process.env.DASHBOARD_EVENTS ?? 300_000),
  seed: 1,
};
const ADMIN = { username: 'bench', password: 'bench-password-123' };
export const LONG_TASK_TARGET_MS = 200;

export interface Tasks {
  /** The longest task, ms (0 when none passed 50 ms). */
  longest: number;
  /** All long tasks together, ms. */
  total: number;
}
export interface DashboardFigures {
  size: typeof SIZE;
  steps: { what: string; cpu: string; tasks: Tasks }[];
}

declare global {
  interface Window {
    __longTasks: number[];
  }
}

/** The long tasks `act` causes, up to when `done` is visible and the page has been quiet for a moment. */
async function tasksOf(page: Page, act: () => Promise<void>, done: () => Promise<void>): Promise<Tasks> {
  await page.evaluate(() => {
    window.__longTasks = [];
  });
  await act();
  await done();
  await page.waitForTimeout(500);
  const tasks = await page.evaluate(() => window.__longTasks);
  return { longest: Math.round(Math.max(0, ...tasks)), total: Math.round(tasks.reduce((a, b) => a + b, 0)) };
}

export async function measureDashboard(): Promise<DashboardFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-dashboard-'));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const { app } = await adminApp({ dataDir });
    try {
      await seedDemo(app, SIZE);
    } finally {
      await app.close();
    }
    const store = await startStore(
      { LOG_LEVEL: 'warn', DATA_DIR: dataDir, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password },
      undefined,
      {
        built: true,
      },
    );
    try {
      const steps: DashboardFigures['steps'] = [];
      for (const cpu of [1, 4]) {
        const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
        await page.addInitScript(() => {
          window.__longTasks = [];
          new PerformanceObserver((list) => {
            for (const e of list.getEntries()) window.__longTasks.push(e.duration);
          }).observe({ type: 'longtask', buffered: true });
        });
        await page.goto(`${store.baseURL}/admin/login`);
        await page.getByLabel('Username').fill(ADMIN.username);
        await page.getByLabel('Password').fill(ADMIN.password);
        await page.getByRole('button', { name: 'Sign In', exact: true }).click();
        await page.getByRole('tab', { name: 'Orders' }).waitFor();
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
        const label = cpu === 1 ? 'this machine' : `${cpu}× slower CPU`;
        const chart = (period: string) => () =>
          page.getByRole('img', { name: `Sessions and revenue per day for the last ${period}` }).waitFor({ timeout: 60_000 });
        steps.push({
          what: 'Open the Analytics tab (30 days)',
          cpu: label,
          tasks: await tasksOf(page, () => page.getByRole('tab', { name: 'Analytics' }).click(), chart('30 days')),
        });
        steps.push({
          what: 'Switch to 12 months',
          cpu: label,
          tasks: await tasksOf(page, () => page.getByRole('radio', { name: '12 months' }).check(), chart('12 months')),
        });
        await page.close();
      }
      return { size: SIZE, steps };
    } finally {
      await store.stop();
    }
  } finally {
    await browser.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function dashboardReport(d: DashboardFigures): string {
  const n = (x: number) => x.toLocaleString('en-US');
  return [
    `The dashboard in Chromium over the demo year (${n(d.size.orders)} orders, about ${n(d.size.events)} events): long tasks (over 50 ms), target none over ${LONG_TASK_TARGET_MS} ms.`,
    '',
    '| Step | CPU | Longest task | All long tasks |',
    '| --- | --- | --- | --- |',
    ...d.steps.map((s) => `| ${s.what} | ${s.cpu} | ${s.tasks.longest} ms | ${s.tasks.total} ms |`),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const d = await measureDashboard();
  console.log(`\n${dashboardReport(d)}\n`);
  process.exit(d.steps.filter((s) => s.cpu === 'this machine').every((s) => s.tasks.longest < LONG_TASK_TARGET_MS) ? 0 : 1);
}
