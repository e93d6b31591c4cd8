import { describe, expect, it } from 'vitest';
import { decodeUtf8 } from '../../src/files/utf8.ts';

describe('decodeUtf8', () => {
  it('decodes valid UTF-8, astral characters included, and drops a leading byte order mark', () => {
    expect(decodeUtf8(Buffer.from('José Ñúñez 😀'))).toBe('José Ñúñez 😀');
    expect(decodeUtf8(Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]))).toBe('{}');
    expect(decodeUtf8(Buffer.alloc(0))).toBe('');
  });

  it.each([
    ['an encoded surrogate (ED A0 80)', [0x41, 0xed, 0xa0, 0x80]],
    ['an overlong NUL (C0 80)', [0x41, 0xc0, 0x80]],
    ['a truncated sequence', [0x41, 0xc3]],
    ['a lone continuation byte', [0x80]],
    ['a byte never used in UTF-8 (FF)', [0xff]],
    ['a code point above U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
  ])('refuses %s', (_label, bytes) => {
    expect(decodeUtf8(Buffer.from(bytes))).toBeUndefined();
  });
});
