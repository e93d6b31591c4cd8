import { describe, expect, it } from 'vitest';
import { parseAgentCredential } from '../../src/domain/basic-credential.ts';
import { EVERYWHERE, PIN_LOCKOUT, reopensAt, retryAfterSeconds } from '../../src/domain/pin-lockout.ts';

const MIN = 60_000;

describe('PIN lockout wording (pure)', () => {
  it('limits: 5 per address in 15 minutes, 20 everywhere in an hour, 15-minute locks; the first failure never locks', () => {
    expect(PIN_LOCKOUT).toEqual({
      address: { maxFailures: 5, windowMs: 15 * MIN, lockMs: 15 * MIN },
      everywhere: { maxFailures: 20, windowMs: 60 * MIN, lockMs: 15 * MIN },
    });
    for (const limits of Object.values(PIN_LOCKOUT)) expect(limits.maxFailures).toBeGreaterThanOrEqual(2);
    expect(EVERYWHERE).toBe('*');
  });

  it('the time a lock opens is HH:MM (24 h) on the business clock, rounded up to the minute', () => {
    const zone = 'America/Mexico_City';
    expect(reopensAt(new Date('2025-03-03T18:15:00.000Z'), zone)).toBe('12:15');
    expect(reopensAt(new Date('2025-03-03T18:15:00.001Z'), zone)).toBe('12:16');
    expect(reopensAt(new Date('2025-03-03T18:15:30Z'), zone)).toBe('12:16');
    expect(reopensAt(new Date('2025-03-04T05:59:30Z'), zone)).toBe('00:00');
    expect(reopensAt(new Date('2025-03-04T03:05:00Z'), zone)).toBe('21:05');
    expect(reopensAt(new Date('2025-03-04T03:05:00Z'), 'UTC')).toBe('03:05');
  });

  it('Retry-After is the seconds left, rounded up, at least 1', () => {
    const now = new Date('2025-03-03T18:00:00Z');
    expect(retryAfterSeconds(new Date(now.getTime() + 15 * MIN), now)).toBe(900);
    expect(retryAfterSeconds(new Date(now.getTime() + 1500), now)).toBe(2);
    expect(retryAfterSeconds(now, now)).toBe(1);
  });
});

describe('agent credential header (Basic base64(userNum:pin))', () => {
  const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

  it('parses the well-formed header (scheme case-insensitive)', () => {
    expect(parseAgentCredential(`Basic ${b64('1001:1234')}`)).toEqual({ userNum: 1001, pin: '1234' });
    expect(parseAgentCredential(`basic ${b64('1001:123456')}`)).toEqual({ userNum: 1001, pin: '123456' });
    // A PIN of the wrong shape is still a credential: it is a wrong PIN (it counts towards the lock).
    expect(parseAgentCredential(`Basic ${b64('1001:abc')}`)).toEqual({ userNum: 1001, pin: 'abc' });
    expect(parseAgentCredential(`Basic ${b64('1001:12:34')}`)).toEqual({ userNum: 1001, pin: '12:34' });
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['another scheme', `Bearer ${b64('1001:1234')}`],
    ['no credentials', 'Basic '],
    ['not base64', 'Basic ***'],
    ['bad padding', 'Basic MTAwMToxMjM0='],
    ['no colon', `Basic ${b64('10011234')}`],
    ['empty number', `Basic ${b64(':1234')}`],
    ['empty pin', `Basic ${b64('1001:')}`],
    ['number with letters', `Basic ${b64('10a1:1234')}`],
    ['negative number', `Basic ${b64('-1001:1234')}`],
    ['leading zero', `Basic ${b64('01001:1234')}`],
    ['number beyond int4', `Basic ${b64('9999999999:1234')}`],
    ['spaces in the number', `Basic ${b64(' 1001:1234')}`],
    ['control character in the pin', `Basic ${b64('1001:12\n34')}`],
    ['invalid UTF-8', `Basic ${Buffer.from([0x31, 0x3a, 0xff, 0xfe]).toString('base64')}`],
    ['two tokens', `Basic ${b64('1001:1234')} ${b64('1002:1234')}`],
    ['too long', `Basic ${b64(`1001:${'1'.repeat(300)}`)}`],
  ])('refuses %s', (_name, header) => {
    expect(parseAgentCredential(header)).toBeUndefined();
  });
});
