// `npm start`: builds the web app when no build exists, bundles the server (esbuild, ~0.1 s, every
// start, so it never runs stale code) and runs it in this process. A bundle loads ~0.7 s faster than
// the TypeScript sources through tsx (docs/performance.md, cold start).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServer } from './build-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const webIndex = fileURLToPath(new URL('../apps/web/dist/index.html', import.meta.url));

// WEB_DIST names a build made elsewhere (benchmarks, parallel journeys): serve it as it is.
if (!process.env.WEB_DIST && !existsSync(webIndex)) {
  console.log('No hay build del cliente web; construyendo apps/web…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@prestaya/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

process.setSourceMapsEnabled(true);
await import(pathToFileURL(await buildServer()).href);
