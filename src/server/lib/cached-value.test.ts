import { describe, expect, it } from 'vitest';
import { CachedValue } from './cached-value.ts';

describe('CachedValue', () => {
  it('loads once until invalidated', async () => {
    let loads = 0;
    const c = new CachedValue(async () => ++loads);
    expect(await c.get()).toBe(1);
    expect(await c.get()).toBe(1);
    c.invalidate();
    expect(await c.get()).toBe(2);
  });

  it('does not keep a value whose load started before an invalidation', async () => {
    let value = 'old';
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let first = true;
    const c = new CachedValue(async () => {
      const v = value;
      if (first) {
        first = false;
        await gate;
      }
      return v;
    });
    const slow = c.get();
    value = 'new';
    c.invalidate();
    release();
    expect(await slow).toBe('old');
    expect(await c.get()).toBe('new');
  });

  it('expires after its TTL, and is held for a peek only until then', async () => {
    let now = 0;
    let loads = 0;
    const c = new CachedValue(
      async () => ++loads,
      1000,
      () => now,
    );
    expect(c.peek()).toBeUndefined();
    await c.get();
    now = 999;
    expect(c.peek()).toBe(1);
    expect(await c.get()).toBe(1);
    now = 1000;
    expect(c.peek()).toBeUndefined();
    expect(await c.get()).toBe(2);
    expect(c.peek()).toBe(2);
  });

  it('holds nothing for a peek after an invalidation', async () => {
    const c = new CachedValue(async () => 'value');
    await c.get();
    expect(c.peek()).toBe('value');
    c.invalidate();
    expect(c.peek()).toBeUndefined();
  });
});
