// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { SessionIdSchema } from '#shared/cart.ts';
import { getSessionId, makeSessionId, peekSessionId } from './session-id.ts';

describe('cart session id', () => {
  it("is 'session-' + timestamp + 32 random characters, accepted by the server's schema", () => {
    const id = makeSessionId(1_790_000_000_000);
    expect(id).toMatch(/^session-1790000000000-[A-Za-z0-9]{32}$/);
    expect(SessionIdSchema.safeParse(id).success).toBe(true);
    expect(makeSessionId()).not.toBe(makeSessionId());
  });

  it('is made once and kept in localStorage; a tampered value is replaced', () => {
    localStorage.clear();
    expect(peekSessionId()).toBeNull();
    const id = getSessionId();
    expect(getSessionId()).toBe(id);
    expect(peekSessionId()).toBe(id);
    localStorage.setItem('cart_session_id', '<script>');
    expect(getSessionId()).not.toBe('<script>');
  });
});
