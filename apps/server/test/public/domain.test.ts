import { describe, expect, it } from 'vitest';
import { parseAgentCredential } from '../../src/domain/basic-credential.ts';
import {
  afterFailure,
  afterSuccess,
  isLocked,
  NO_FAILURES,
  PIN_LOCKOUT,
  type PinLockoutState,
} from '../../src/domain/pin-lockout.ts';

const T0 = new Date('2025-03-01T12:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const MIN = 60_000;

function fail(times: number, start: PinLockoutState | undefined = undefined, stepMs = 1000) {
  let state = start;
  for (let i = 0; i < times; i++) state = afterFailure(state, at(i * stepMs));
  return state as PinLockoutState;
}

describe('PIN lockout rule (pure, clock injected)', () => {
  it('locks on the 5th failure for 15 minutes, not before', () => {
    const four = fail(4);
    expect(four.failedCount).toBe(4);
    expect(four.lockedUntil).toBeNull();
    expect(isLocked(four, at(4000))).toBe(false);
    const five = afterFailure(four, at(4000));
    expect(five.failedCount).toBe(5);
    expect(five.lockedUntil).toEqual(at(4000 + 15 * MIN));
    expect(isLocked(five, at(4000 + 15 * MIN - 1))).toBe(true);
    expect(isLocked(five, at(4000 + 15 * MIN))).toBe(false);
  });

  it('a failure while locked keeps the lock as it is (no extension, no count)', () => {
    const locked = fail(5);
    const again = afterFailure(locked, at(10 * MIN));
    expect(again.lockedUntil).toEqual(locked.lockedUntil);
    expect(again.failedCount).toBe(5);
  });

  it('an expired lock starts over at 1', () => {
    const locked = fail(5);
    const after = afterFailure(locked, at(4000 + 15 * MIN));
    expect(after).toEqual({ failedCount: 1, lastFailureAt: at(4000 + 15 * MIN), lockedUntil: null });
  });

  it('failures further apart than the window do not add up', () => {
    const three = fail(3);
    const later = afterFailure(three, at(2000 + PIN_LOCKOUT.failureWindowMs + 1));
    expect(later.failedCount).toBe(1);
    const within = afterFailure(three, at(2000 + PIN_LOCKOUT.failureWindowMs));
    expect(within.failedCount).toBe(4);
  });

  it('a success forgets everything; no state is not locked', () => {
    expect(afterSuccess()).toEqual(NO_FAILURES);
    expect(isLocked(undefined, T0)).toBe(false);
    expect(afterFailure(undefined, T0)).toEqual({ failedCount: 1, lastFailureAt: T0, lockedUntil: null });
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
