import { describe, expect, it } from 'vitest';
import { parseAgentCredential } from '../../src/credentials/basic-credential.ts';

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
