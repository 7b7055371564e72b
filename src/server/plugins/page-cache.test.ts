import { describe, expect, it } from 'vitest';
import { isSharedPage, NONCE_SLOT, PageCache, splitAtNonce, withNonce } from './page-cache.ts';

const text = (parts: Buffer[] | undefined, nonce = '') => (parts ? withNonce(parts, nonce).toString('utf8') : undefined);

describe('the page cache', () => {
  it('serves a page again while its product list is the same and for five seconds at most', () => {
    let now = 1_000;
    const cache = new PageCache(5_000, 10, () => now);
    const list = [{ id: 5 }];
    cache.set('/\n{}', list, splitAtNonce(`<p>a</p><script nonce="${NONCE_SLOT}">x</script>`));
    expect(text(cache.get('/\n{}', list), 'n1')).toBe('<p>a</p><script nonce="n1">x</script>');
    expect(cache.get('/\n{"tags":1}', list)).toBeUndefined();
    // A new list (a price, stock or product change) renders the page again.
    expect(cache.get('/\n{}', [{ id: 5 }])).toBeUndefined();
    expect(cache.get('/\n{}', list)).toBeUndefined();
    cache.set('/\n{}', list, splitAtNonce('<p>b</p>'));
    now += 4_999;
    expect(text(cache.get('/\n{}', list))).toBe('<p>b</p>');
    now += 1;
    expect(cache.get('/\n{}', list)).toBeUndefined();
  });

  it('keeps at most its number of pages, dropping the oldest', () => {
    const cache = new PageCache(5_000, 2);
    const list = {};
    for (const url of ['/a', '/b', '/c']) cache.set(url, list, splitAtNonce(url));
    expect(cache.get('/a', list)).toBeUndefined();
    expect(text(cache.get('/b', list))).toBe('/b');
    expect(text(cache.get('/c', list))).toBe('/c');
  });

  it('puts each request’s nonce in every slot of the page’s bytes, text beyond ASCII kept whole', () => {
    const page = `<p>Café — 5 ★</p><script nonce="${NONCE_SLOT}">a</script><style nonce="${NONCE_SLOT}"></style>`;
    const parts = splitAtNonce(page);
    expect(withNonce(parts, 'abc+/=').toString('utf8')).toBe(page.replaceAll(NONCE_SLOT, 'abc+/='));
    expect(withNonce(parts, 'xyz').toString('utf8')).toBe(page.replaceAll(NONCE_SLOT, 'xyz'));
    expect(withNonce(splitAtNonce('<p>é</p>'), 'n').toString('utf8')).toBe('<p>é</p>');
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
