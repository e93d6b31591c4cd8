import { describe, expect, it } from 'vitest';
import { endsSessions } from '../../src/access/users.ts';
import {
  canRefresh,
  isCurrentToken,
  SESSION_LIFETIME_SECONDS,
  sessionEnd,
  TOKEN_LIFETIME_SECONDS,
  tokenTimes,
  toSeconds,
  withinSessionRule,
} from '../../src/credentials/sessions.ts';

const signIn = 1_750_000_000;
const HOUR = 3600;

describe('session rules', () => {
  it('a token lasts 8 hours, a session 7 days', () => {
    expect(TOKEN_LIFETIME_SECONDS).toBe(8 * HOUR);
    expect(SESSION_LIFETIME_SECONDS).toBe(7 * 24 * HOUR);
    expect(sessionEnd(signIn)).toBe(signIn + 7 * 24 * HOUR);
  });

  it('refresh is allowed until the very second the session ends', () => {
    expect(canRefresh(signIn, signIn)).toBe(true);
    expect(canRefresh(signIn, sessionEnd(signIn) - 1)).toBe(true);
    expect(canRefresh(signIn, sessionEnd(signIn))).toBe(false);
    expect(canRefresh(signIn, sessionEnd(signIn) + 1)).toBe(false);
  });

  it('a token expires 8 hours after it is issued, or when the session ends if that is sooner', () => {
    expect(tokenTimes(signIn, signIn)).toEqual({ iat: signIn, exp: signIn + 8 * HOUR });
    const late = sessionEnd(signIn) - 3 * HOUR;
    expect(tokenTimes(signIn, late)).toEqual({ iat: late, exp: sessionEnd(signIn) });
  });

  it('a token is honoured until the second before its exp, not at exp itself', () => {
    const claims = { auth_time: signIn, ...tokenTimes(signIn, signIn) };
    expect(withinSessionRule(claims, claims.exp - 1)).toBe(true);
    expect(withinSessionRule(claims, claims.exp)).toBe(false);
    const last = { auth_time: signIn, ...tokenTimes(signIn, sessionEnd(signIn) - HOUR) };
    expect(withinSessionRule(last, sessionEnd(signIn) - 1)).toBe(true);
    expect(withinSessionRule(last, sessionEnd(signIn))).toBe(false);
  });

  it('only a token carrying the current version is current', () => {
    expect(isCurrentToken(3, 3)).toBe(true);
    expect(isCurrentToken(2, 3)).toBe(false);
    expect(isCurrentToken(4, 3)).toBe(false);
  });

  it('seconds are whole and rounded down', () => {
    expect(toSeconds(new Date(1_750_000_000_999))).toBe(1_750_000_000);
  });
});

describe('what ends every session of a user', () => {
  it('a new password, a cancellation or a reactivation; not DELAYED nor other edits', () => {
    expect(endsSessions('A', 'A', true)).toBe(true);
    expect(endsSessions('A', 'CANCELLED', false)).toBe(true);
    expect(endsSessions('DELAYED', 'CANCELLED', false)).toBe(true);
    expect(endsSessions('CANCELLED', 'A', false)).toBe(true);
    expect(endsSessions('CANCELLED', 'DELAYED', false)).toBe(true);
    expect(endsSessions('A', 'DELAYED', false)).toBe(false);
    expect(endsSessions('DELAYED', 'A', false)).toBe(false);
    expect(endsSessions('A', 'A', false)).toBe(false);
    expect(endsSessions('CANCELLED', 'CANCELLED', false)).toBe(false);
  });
});
