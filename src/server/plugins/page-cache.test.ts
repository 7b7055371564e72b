import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isSharedPage, type KeptPage, keptPage, PageCache } from './page-cache.ts';

const text = (page: KeptPage | undefined) => page?.text.bytes('identity').toString('utf8');

describe('the page cache', () => {
  it('serves a page again while its product list is the same and for five seconds at most', () => {
    let now = 1_000;
    const cache = new PageCache(5_000, 10, () => now);
    const list = [{ id: 5 }];
    cache.set('/\n{}', list, keptPage('<p>a</p><script>x</script>', 'x'));
    expect(text(cache.get('/\n{}', list))).toBe('<p>a</p><script>x</script>');
    expect(cache.get('/\n{"tags":1}', list)).toBeUndefined();
    // A new list (a price, stock or product change) renders the page again.
    expect(cache.get('/\n{}', [{ id: 5 }])).toBeUndefined();
    expect(cache.get('/\n{}', list)).toBeUndefined();
    cache.set('/\n{}', list, keptPage('<p>b</p>', ''));
    now += 4_999;
    expect(text(cache.get('/\n{}', list))).toBe('<p>b</p>');
    now += 1;
    expect(cache.get('/\n{}', list)).toBeUndefined();
  });

  it('keeps at most its number of pages, dropping the oldest', () => {
    const cache = new PageCache(5_000, 2);
    const list = {};
    for (const url of ['/a', '/b', '/c']) cache.set(url, list, keptPage(url, ''));
    expect(cache.get('/a', list)).toBeUndefined();
    expect(text(cache.get('/b', list))).toBe('/b');
    expect(text(cache.get('/c', list))).toBe('/c');
  });

  it('allows a kept page’s script by the SHA-256 of its text as UTF-8, and keeps text beyond ASCII whole', () => {
    const script = 'window.__RQ_STATE__={"name":"Café — 5 ★"}';
    const page = keptPage(`<p>Café</p><script>${script}</script>`, script);
    expect(page.scriptHash).toBe(`sha256-${createHash('sha256').update(Buffer.from(script, 'utf8')).digest('base64')}`);
    expect(page.scriptHash).toMatch(/^sha256-[A-Za-z0-9+/]{43}=$/);
    expect(keptPage('', 'x').scriptHash).toBe('sha256-LXEWQrcmsEQBYnyp+6wy9chTD7GQPMTbAiWHF5IaSIE=');
    expect(text(page)).toBe(`<p>Café</p><script>${script}</script>`);
  });

  it('takes only the pages that are the same for every visitor', () => {
    for (const url of ['/', '/product/5', '/contact', '/education', '/legal/privacy']) expect(isSharedPage(url), url).toBe(true);
    for (const url of [
      '/?utm_source=mail',
      '/product/5?review=token',
      '/orders/abc',
      '/recover/abc',
      '/reorder/abc',
      '/unsubscribe/abc',
      '/subscriptions/abc',
      '/checkout',
      '/order-confirmation',
      '/order-status',
      '/admin',
    ]) {
      expect(isSharedPage(url), url).toBe(false);
    }
  });
});
