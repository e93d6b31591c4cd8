import { describe, expect, it } from 'vitest';
import {
  isResetLinkUsable,
  mayReceiveResetLink,
  RESET_LINK_LIFETIME_MS,
  resetLinkExpiry,
} from '../../src/credentials/password-reset.ts';

const created = new Date('2026-03-02T18:00:00.000Z');
const link = { usedOn: null, expiresOn: resetLinkExpiry(created) };
const later = (ms: number) => new Date(created.getTime() + ms);

describe('password reset link rules', () => {
  it('a link lasts 24 hours from its creation', () => {
    expect(RESET_LINK_LIFETIME_MS).toBe(24 * 60 * 60 * 1000);
    expect(resetLinkExpiry(created).toISOString()).toBe('2026-03-03T18:00:00.000Z');
  });

  it('opens until the millisecond before its end, not at the end', () => {
    expect(isResetLinkUsable(link, 'A', created)).toBe(true);
    expect(isResetLinkUsable(link, 'A', later(RESET_LINK_LIFETIME_MS - 1))).toBe(true);
    expect(isResetLinkUsable(link, 'A', later(RESET_LINK_LIFETIME_MS))).toBe(false);
  });

  it('opens once: a used link is refused even before its end', () => {
    expect(isResetLinkUsable({ ...link, usedOn: later(1000) }, 'A', later(2000))).toBe(false);
  });

  it('never opens for a cancelled user; a DELAYED user (who can sign in) may use it', () => {
    expect(isResetLinkUsable(link, 'CANCELLED', created)).toBe(false);
    expect(isResetLinkUsable(link, 'DELAYED', created)).toBe(true);
    expect(mayReceiveResetLink('CANCELLED')).toBe(false);
    expect(mayReceiveResetLink('A')).toBe(true);
  });
});
