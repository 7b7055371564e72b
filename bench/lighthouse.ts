// Lighthouse scores of the storefront's pages for `npm run bench` (bench/README.md).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM, CHROMIUM_FLAGS } from '../scripts/lib/system.mjs';
import { log } from './load.ts';

export interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
}

/** Lighthouse varies from run to run on a busy machine: mobile is run this many times, the median kept. */
const MOBILE_RUNS = 3;

export async function lighthouseScores(base: string): Promise<Record<string, { mobile: Scores; desktop: Scores }>> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  const out: Record<string, { mobile: Scores; desktop: Scores }> = {};
  const once = async (url: string, form: 'mobile' | 'desktop'): Promise<Scores> => {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error' },
      form === 'desktop' ? desktopConfig : undefined,
    );
    const c = result?.lhr.categories;
    if (result?.lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${result.lhr.runtimeError.message}`);
    const score = (k: string) => Math.round((c?.[k]?.score ?? 0) * 100);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
    };
  };
  const median = (runs: Scores[]): Scores => {
    const mid = (k: keyof Scores) => runs.map((r) => r[k]).sort((a, b) => a - b)[Math.floor(runs.length / 2)] ?? 0;
    return {
      performance: mid('performance'),
      accessibility: mid('accessibility'),
      bestPractices: mid('bestPractices'),
      seo: mid('seo'),
    };
  };
  try {
    for (const page of ['/', '/product/5', '/education']) {
      log(`  Lighthouse ${page}: mobile ×${MOBILE_RUNS}, desktop…`);
      const mobile: Scores[] = [];
      for (let i = 0; i < MOBILE_RUNS; i++) mobile.push(await once(`${base}${page}`, 'mobile'));
      out[page] = { mobile: median(mobile), desktop: await once(`${base}${page}`, 'desktop') };
    }
  } finally {
    chrome.kill();
  }
  return out;
}
