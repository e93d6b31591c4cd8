/** Which public page a path shows: /, /consulta, /loans/:id, or the 404 (trailing slash allowed). */
export type PublicPage =
  | { name: 'landing' }
  | { name: 'consulta' }
  | { name: 'loan'; id: string }
  | { name: 'not-found' };

export function matchPublicPage(pathname: string): PublicPage {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/' || path === '') return { name: 'landing' };
  if (path === '/consulta') return { name: 'consulta' };
  const loan = /^\/loans\/([^/]+)$/.exec(path);
  if (loan?.[1]) return { name: 'loan', id: decodeURIComponent(loan[1]) };
  return { name: 'not-found' };
}
