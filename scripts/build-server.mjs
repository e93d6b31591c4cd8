// Bundles apps/server/src/server.ts (and @prestaya/contracts, @prestaya/domain) into
// apps/server/dist/server.mjs; the npm packages stay imports. The bundle is rebuilt whenever a source file is newer than it (~0.25 s
// with esbuild's start; the check itself ~5 ms). Several servers may start at once (journeys): each
// writes its own file and renames it over the bundle, so nobody loads a half-written one.
import { mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const serverRoot = join(root, 'apps/server');
const outfile = join(serverRoot, 'dist/server.mjs');
const sources = [
  join(serverRoot, 'src'),
  join(root, 'packages/contracts'),
  join(root, 'packages/domain'),
  fileURLToPath(import.meta.url),
];

function newestChange(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted or renamed file changes its directory
  for (const entry of readdirSync(path)) {
    if (entry !== 'node_modules') newest = Math.max(newest, newestChange(join(path, entry)));
  }
  return newest;
}

function isFresh() {
  try {
    const built = statSync(outfile).mtimeMs;
    return sources.every((source) => newestChange(source) < built);
  } catch {
    return false;
  }
}

/** @returns {Promise<string>} the bundle's path */
export async function buildServer() {
  if (isFresh()) return outfile;
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [join(serverRoot, 'src/server.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'inline',
    write: false,
    logLevel: 'warning',
    plugins: [
      {
        name: 'npm-packages-external',
        setup(builder) {
          builder.onResolve({ filter: /^[^./]/ }, ({ path }) =>
            path.startsWith('@prestaya/') ? undefined : { path, external: true },
          );
        },
      },
    ],
  });
  const [bundle] = result.outputFiles;
  mkdirSync(join(serverRoot, 'dist'), { recursive: true });
  const staged = `${outfile}.${process.pid}.tmp`;
  writeFileSync(staged, bundle.contents);
  renameSync(staged, outfile);
  return outfile;
}
