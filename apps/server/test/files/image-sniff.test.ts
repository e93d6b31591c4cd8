import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SNIFF_BYTES, sniffImageType } from '../../src/files/image-sniff.ts';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '..', 'fixtures', name));

describe('sniffImageType', () => {
  const bytes = (...values: (number | string)[]) =>
    Uint8Array.from(values.flatMap((v) => (typeof v === 'string' ? [...Buffer.from(v, 'latin1')] : [v])));

  it('recognises the committed fixtures by content', () => {
    expect(sniffImageType(fixture('proof.png'))).toBe('image/png');
    expect(sniffImageType(fixture('proof.jpg'))).toBe('image/jpeg');
    expect(sniffImageType(fixture('proof.webp'))).toBe('image/webp');
  });

  it('recognises HEIC/HEIF brands in the ftyp box', () => {
    for (const brand of ['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1']) {
      expect(sniffImageType(bytes(0, 0, 0, 0x18, 'ftyp', brand, 0, 0, 0, 0))).toBe('image/heic');
    }
    expect(sniffImageType(bytes(0, 0, 0, 0x18, 'ftyp', 'isom', 0, 0, 0, 0))).toBeUndefined(); // an MP4
  });

  it('refuses text, other formats and truncated signatures', () => {
    expect(sniffImageType(Buffer.from('esto no es una imagen, solo texto'))).toBeUndefined();
    expect(sniffImageType(Buffer.from('%PDF-1.7\n'))).toBeUndefined();
    expect(sniffImageType(bytes('GIF89a', 1, 0, 1, 0))).toBeUndefined();
    expect(sniffImageType(bytes(0xff, 0xd8))).toBeUndefined();
    expect(sniffImageType(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a))).toBeUndefined();
    expect(sniffImageType(bytes('RIFF', 0, 0, 0, 0, 'WAVE'))).toBeUndefined();
    expect(sniffImageType(new Uint8Array(0))).toBeUndefined();
    expect(SNIFF_BYTES).toBeGreaterThanOrEqual(12);
  });
});
