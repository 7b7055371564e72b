import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_PATHS, GUIDE_PATHS, SITEMAP_STATIC_PATHS } from '#shared/site.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

// Guides, legal pages and the contact page, rendered from the build that `npm test` makes first.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { ssr: 'prod' });
});
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ url });
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const descriptionOf = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('content pages', () => {
  it('serves every guide and legal page with its own head and its text in the first response', async () => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const path of [...CONTENT_PATHS, '/contact']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(200);
      const html = res.body;
      const title = titleOf(html);
      const description = descriptionOf(html);
      expect(title, path).toMatch(/\| Ironwake Smelling Salts$/);
      expect(description?.length, path).toBeGreaterThan(80);
      titles.add(title!);
      descriptions.add(description!);
      expect(html).toContain(`<link rel="canonical" href="http://store.test${path}"`);
      expect(html).toMatch(/<meta property="og:title" content="[^"]+"/);
      expect(html, path).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    }
    expect(titles.size).toBe(CONTENT_PATHS.length + 1);
    expect(descriptions.size).toBe(CONTENT_PATHS.length + 1);
  });

  it('marks guides up as articles and sends their body once, as HTML', async () => {
    for (const path of GUIDE_PATHS) {
      const html = (await get(path)).body;
      const ld = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) =>
        JSON.parse(m[1]!),
      );
      const article = ld.find((d) => d['@type'] === 'Article');
      expect(article, path).toBeDefined();
      expect(article.headline.length).toBeGreaterThan(5);
      expect(article.mainEntityOfPage['@id']).toBe(`http://store.test${path}`);
      expect(html).toContain(`id="article-body" data-island="article:${path}"`);
      // The body is in the HTML; the state the browser hydrates from leaves it out.
      const state = /window\.__RQ_STATE__=(.*?);window\.__PUBLIC_CONFIG__/.exec(html)?.[1] ?? '';
      expect(state).toContain('"html":null');
      expect(state.length).toBeLessThan(3000);
    }
  });

  it('has the content each guide promises', async () => {
    const text = async (path: string) => textOf((await get(path)).body);
    const homemade = await text('/homemade-vs-store-bought');
    expect(homemade).toMatch(/\$15-20/);
    expect(homemade).toMatch(/\$5-15/);
    expect(homemade).toMatch(/2-4 weeks/);
    expect((await get('/homemade-vs-store-bought')).body).toContain('<table');
    const legal = (await get('/smelling-salts-legal')).body;
    expect(legal).toContain('<table');
    for (const body of ['WADA', 'NFL', 'NHL', 'NCAA']) expect(legal).toContain(body);
    expect(textOf(legal)).toMatch(/concussion/i);
    const myths = (await get('/smelling-salts-myths-facts')).body;
    expect(myths.match(/Myth — false/g)).toHaveLength(3);
    expect(textOf(myths)).toMatch(/Anyone who may have a head injury or concussion/);
    const contact = await text('/contact');
    expect(contact).toContain('Within 24 hours');
  });

  it('says the same about distance and frequency on every page', async () => {
    const distances = new Set<string>();
    const frequencies = new Set<string>();
    for (const path of SITEMAP_STATIC_PATHS.concat('/product/5', '/product/6')) {
      const text = textOf((await get(path)).body);
      for (const m of text.matchAll(/(\d+(?:\s*[-–]\s*\d+)?)\s*(?:inches|inch|in\.)/g)) distances.add(m[1]!.replace(/\s/g, ''));
      for (const m of text.matchAll(
        /(\d+(?:\s*[-–]\s*\d+)?)\s*(?:uses|times|sniffs|inhalations)\s+(?:per|a|each)\s+(?:session|workout)/g,
      )) {
        frequencies.add(m[1]!.replace(/\s/g, ''));
      }
    }
    // "6-12 inches", and "at least 6 inches" for the minimum: nothing else, ever.
    expect([...distances].sort()).toEqual(['6', '6-12']);
    expect([...frequencies]).toEqual(['1-2']);
  });

  it('answers the browser with a page as HTML, and refuses unknown or malformed requests', async () => {
    const res = await get('/api/content?path=/safety');
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ path: '/safety', kind: 'guide' });
    expect(page.html).toContain('<h2');
    expect(page.html).not.toContain('<script');
    expect((await get('/api/content?path=/nope')).json()).toEqual({ message: 'Page not found', code: 'not_found' });
    expect((await get('/api/content?path=/nope')).statusCode).toBe(404);
    for (const bad of [
      '/api/content',
      '/api/content?path=',
      `/api/content?path=${'x'.repeat(500)}`,
      '/api/content?path=/safety&x=1',
    ]) {
      const r = await get(bad);
      expect(r.statusCode, bad).toBe(400);
      expect(typeof r.json().message).toBe('string');
    }
  });

  it('lists every page in the sitemap', async () => {
    const xml = (await get('/sitemap.xml')).body;
    for (const path of [...SITEMAP_STATIC_PATHS, '/product/5', '/product/6']) {
      expect(xml).toContain(`<loc>http://store.test${path === '/' ? '/' : path}</loc>`);
    }
  });
});

describe('internal links', () => {
  it('never lead to a missing page or a missing anchor', async () => {
    const seen = new Map<string, string>(); // path → html
    const queue = ['/'];
    const broken: string[] = [];
    while (queue.length) {
      const path = queue.shift()!;
      if (seen.has(path)) continue;
      const res = await get(path);
      if (res.statusCode !== 200) {
        broken.push(`${path} → ${res.statusCode}`);
        seen.set(path, '');
        continue;
      }
      seen.set(path, res.body);
      for (const m of res.body.matchAll(/href="(\/[^"]*)"/g)) {
        const href = m[1]!;
        if (/^\/(api|assets)\/|\.(ico|svg|png|webmanifest|xml|txt)$/.test(href)) continue;
        const [p = '/'] = href.split('#');
        if (!seen.has(p)) queue.push(p);
      }
    }
    expect(broken).toEqual([]);
    // Every page of the sitemap is reachable by following links from the home page.
    for (const path of SITEMAP_STATIC_PATHS) expect(seen.has(path), path).toBe(true);
    // And every #anchor a link names exists on its page.
    for (const [from, html] of seen) {
      for (const m of html.matchAll(/href="(\/[^"#]*)#([^"]+)"/g)) {
        const target = seen.get(m[1] || '/') ?? '';
        expect(target.includes(`id="${m[2]}"`), `${from} links to ${m[1]}#${m[2]}`).toBe(true);
      }
    }
  });
});

describe('privacy page', () => {
  it('names the third-party tags the owner has turned on, and says so when there are none', async () => {
    expect(textOf((await get('/privacy')).body)).toContain(
      'This store currently loads no third-party analytics or advertising tags',
    );
    const tagged = await createTestApp({ GA_MEASUREMENT_ID: 'G-TEST12345', META_PIXEL_ID: '1234567890' }, { ssr: 'prod' });
    try {
      const text = textOf((await tagged.app.inject({ url: '/privacy' })).body);
      expect(text).toContain('Google Analytics');
      expect(text).toContain('Meta Pixel');
      expect(text).not.toContain('Google Ads');
      expect(text).not.toContain('loads no third-party');
    } finally {
      await tagged.close();
    }
  });
});

describe('Global Privacy Control (docs/decisions/0049)', () => {
  it('gives a browser that sends Sec-GPC: 1 no marketing tag, in the page or its CSP, and says why', async () => {
    const tagged = await createTestApp({ GA_MEASUREMENT_ID: 'G-TEST12345', META_PIXEL_ID: '1234567890' }, { ssr: 'prod' });
    try {
      for (const url of ['/', '/product/5', '/privacy']) {
        const plain = await tagged.app.inject({ url });
        expect(plain.body, url).toContain('G-TEST12345');
        expect(String(plain.headers['content-security-policy']), url).toContain('googletagmanager');
        expect(String(plain.headers.vary), url).toMatch(/Sec-GPC/i);
        const gpc = await tagged.app.inject({ url, headers: { 'sec-gpc': '1' } });
        expect(gpc.statusCode, url).toBe(200);
        expect(gpc.body, url).not.toContain('G-TEST12345');
        expect(gpc.body, url).not.toContain('1234567890');
        const csp = String(gpc.headers['content-security-policy']);
        expect(csp, url).not.toContain('googletagmanager');
        expect(csp, url).not.toContain('facebook');
      }
      const privacy = textOf((await tagged.app.inject({ url: '/privacy', headers: { 'sec-gpc': '1' } })).body);
      expect(privacy).toContain(
        'Your browser sends Global Privacy Control, so this store loads none of its analytics or advertising tags',
      );
      // Any other value is not the signal (the header's only defined value is "1").
      expect((await tagged.app.inject({ url: '/', headers: { 'sec-gpc': '0' } })).body).toContain('G-TEST12345');
      // The page a browser fetches when it navigates to a legal page follows the signal too.
      const content = await tagged.app.inject({ url: '/api/content?path=/privacy', headers: { 'sec-gpc': '1' } });
      expect(content.json().html).toContain('Global Privacy Control, so this store loads none');
      expect(String(content.headers.vary)).toMatch(/Sec-GPC/i);
    } finally {
      await tagged.close();
    }
  });

  it('is explained on the privacy page with the access and deletion requests', async () => {
    const text = textOf((await get('/privacy')).body);
    expect(text).toContain('If your browser sends Global Privacy Control');
    expect(text).toContain('opt out of the sale and sharing');
    expect(text).toContain('a copy of everything we hold about your e-mail address');
    expect(text).toContain('E-mail me news and offers');
  });
});

describe('the age the store asks (docs/decisions/0048)', () => {
  it('is in the Terms and on the product page, and follows the setting', async () => {
    expect(textOf((await get('/terms')).body)).toContain(
      'You must be at least 18 years old to buy from us, and you confirm it at checkout by ticking “I confirm I am 18 or older”',
    );
    expect(textOf((await get('/product/5')).body)).toContain('For adults 18+ only: you confirm your age at checkout');
    const { signedIn } = await import('../support/admin.ts');
    const strict = await createTestApp({ ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'correct-horse-battery' }, { ssr: 'prod' });
    try {
      const owner = await signedIn(strict.app);
      const settings = (await owner.call('GET', '/api/admin/settings')).json();
      const { updatedAt: _u, updatedBy: _b, ...body } = settings;
      expect((await owner.call('PUT', '/api/admin/settings', { ...body, minimumAge: 21 })).statusCode).toBe(200);
      expect(textOf((await strict.app.inject({ url: '/terms' })).body)).toContain('You must be at least 21 years old');
      expect(textOf((await strict.app.inject({ url: '/product/6' })).body)).toContain('For adults 21+ only');
      expect((await strict.app.inject({ url: '/checkout' })).body).toContain('"minimumAge":21');
    } finally {
      await strict.close();
    }
  });
});
