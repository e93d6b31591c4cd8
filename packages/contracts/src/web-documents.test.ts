import { describe, expect, it } from 'vitest';
import { documentFor, matchPublicPage, NOT_STAFF_NAVIGATIONS } from './web-documents.ts';

describe('matchPublicPage', () => {
  it.each([
    ['/', { name: 'landing' }],
    ['/consulta', { name: 'consulta' }],
    ['/consulta/', { name: 'consulta' }],
    ['/loans/0190-abc', { name: 'loan', id: '0190-abc' }],
    ['/loans/', { name: 'not-found' }],
    ['/loans/a/b', { name: 'not-found' }],
    ['/consultas', { name: 'not-found' }],
    ['/cualquier-cosa', { name: 'not-found' }],
  ])('%s', (path, expected) => {
    expect(matchPublicPage(path)).toEqual(expected);
  });
});

describe('documentFor', () => {
  it.each([
    ['/admin', 'index.html'],
    ['/admin/users', 'index.html'],
    ['/auth/login', 'index.html'],
    ['/', 'pages/landing.html'],
    ['/consulta', 'pages/consulta.html'],
    ['/consulta/', 'pages/consulta.html'],
    ['/loans/0190-abc', 'pages/loan.html'],
    ['/loans/', 'public.html'],
    ['/administrar', 'public.html'],
    ['/cualquier-cosa', 'public.html'],
  ])('%s → %s', (path, expected) => {
    expect(documentFor(path)).toBe(expected);
  });
});

describe('NOT_STAFF_NAVIGATIONS', () => {
  const denied = (path: string) => NOT_STAFF_NAVIGATIONS.some((pattern) => pattern.test(path));

  it('covers the public pages and the server paths, never the back office', () => {
    for (const path of [
      '/',
      '/consulta',
      '/loans/x',
      '/api/v1/loans',
      '/public/api/v1/x',
      '/health',
      '/metrics',
    ])
      expect(denied(path), path).toBe(true);
    for (const path of ['/admin', '/admin/collections', '/auth/login'])
      expect(denied(path), path).toBe(false);
  });
});
