import { describe, expect, it } from 'vitest';
import { networkOf } from './network.ts';

describe('networkOf', () => {
  it('keeps an IPv4 address, also written as an IPv4-mapped IPv6 address', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('gives every address of one IPv6 /64 the same key, however it is written', () => {
    const key = networkOf('2001:db8:0:1::1');
    expect(key).toBe('2001:db8:0:1::/64');
    for (const address of ['2001:DB8:0:1:ffff:ffff:ffff:ffff', '2001:0db8:0000:0001:0:0:0:2', '2001:db8::1:a:b:c:d']) {
      expect(networkOf(address)).toBe(key);
    }
    expect(networkOf('2001:db8:0:2::1')).not.toBe(key);
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
  });
});
