import { describe, expect, it } from 'vitest';
import { matchPublicPage } from './match.ts';

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
