import { describe, expect, it } from 'vitest';
import { isPdf, sniffDocumentType } from '../../src/files/document-sniff.ts';
import { fixture } from '../support/builders.ts';

describe('sniffDocumentType', () => {
  it.each([
    ['proof.png', 'image/png'],
    ['proof.jpg', 'image/jpeg'],
    ['proof.webp', 'image/webp'],
    ['document.pdf', 'application/pdf'],
  ])('types %s by its bytes as %s', (name, type) => {
    expect(sniffDocumentType(fixture(name))).toBe(type);
  });

  it('accepts a PDF with bytes after its %%EOF marker, as some writers leave', () => {
    expect(isPdf(Buffer.concat([fixture('document.pdf'), Buffer.alloc(500, 0x20)]))).toBe(true);
  });

  it.each([
    ['text that says it is a PDF', Buffer.from('Esto es un PDF, créeme.\n%%EOF\n')],
    ['a PDF header with nothing after it', Buffer.from('%PDF-1.7\n')],
    ['a PDF cut before its end', fixture('document.pdf').subarray(0, 300)],
    ['a PDF header not at the start', Buffer.concat([Buffer.from(' '), fixture('document.pdf')])],
    ['a malformed version', Buffer.from('%PDF-x.y\n1 0 obj\nendobj\n%%EOF\n')],
    ['an empty file', Buffer.alloc(0)],
    ['HTML', Buffer.from('<!doctype html><script>alert(1)</script>')],
  ])('refuses %s', (_case, bytes) => {
    expect(sniffDocumentType(bytes)).toBeUndefined();
  });
});
