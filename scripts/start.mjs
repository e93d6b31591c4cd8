// `npm start`: builds the web app when no build exists, then runs the server in this process
// (TypeScript through tsx, so there is no separate server build step).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const webIndex = fileURLToPath(new URL('../apps/web/dist/index.html', import.meta.url));

// WEB_DIST names a build made elsewhere (benchmarks, parallel journeys): serve it as it is.
if (!process.env.WEB_DIST && !existsSync(webIndex)) {
  console.log('No hay build del cliente web; construyendo apps/web…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@prestaya/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const { register } = await import('tsx/esm/api');
register();
await import('../apps/server/src/server.ts');
