import type { FastifyInstance, HTTPMethods } from 'fastify';

/**
 * Every route the built application answers, as `METHOD /path/:param`, read from Fastify's own router
 * (app.printRoutes) — so a route added anywhere shows up here without anyone listing it by hand.
 * HEAD routes that Fastify derives from a GET are left out (same handler, same hooks).
 *
 * printRoutes draws the router's radix tree, 4 characters per level; a route's path is the
 * concatenation of the segments on its branch:
 *   └── /
 *       ├── api/
 *       │   └── v1/
 *       │       ├── users (GET, HEAD, POST)
 *       │       │   └── /
 *       │       │       └── :id (GET, HEAD, PUT)
 * Each rebuilt path is checked against the router (app.hasRoute), so a change in the drawing fails
 * loudly instead of silently dropping routes.
 */
export function listRoutes(app: FastifyInstance): string[] {
  const tree = app.printRoutes();
  const parents: string[] = [];
  const keys = new Set<string>();
  for (const line of tree.split('\n')) {
    if (!line.trim()) continue;
    const match = /^((?:[│ ] {3}|[├└]── )*)(.+?)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    if (!match) throw new Error(`unexpected printRoutes line: ${JSON.stringify(line)}`);
    const depth = [...(match[1] ?? '')].length / 4 - 1;
    const path = (parents[depth - 1] ?? '') + (match[2] ?? '');
    parents[depth] = path;
    parents.length = depth + 1;
    const methods = (match[3] ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean);
    for (const method of methods) {
      if (method === 'HEAD' && methods.includes('GET')) continue;
      if (!app.hasRoute({ method: method as HTTPMethods, url: path })) {
        throw new Error(`listRoutes rebuilt ${method} ${path}, which the router does not know`);
      }
      keys.add(`${method} ${path}`);
    }
  }
  return [...keys].sort();
}
