// Import boundaries (docs/architecture.md): features never import each other, domain rules stay pure,
// SQL stays out of route handlers, and the server and the web app share only the contracts.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const importRe =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s*['"]([^'"]+)['"]/gm;

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx)$/.test(name)) yield path;
  }
}

const rules = [
  {
    name: 'a web feature imports another feature',
    applies: (file) => /apps\/web\/src\/features\/[^/]+\//.test(file),
    forbids: (file, target) => {
      const own = file.match(/features\/([^/]+)\//)?.[1];
      const other = target.match(/features\/([^/]+)(\/|$)/)?.[1];
      return other !== undefined && other !== own;
    },
  },
  {
    name: 'a pure server rule (access, credentials, files, clock) does I/O or touches the database/HTTP layer',
    applies: (file) => /apps\/server\/src\/((access|credentials|files)\/|clock\.ts$)/.test(file),
    forbids: (_file, target, spec) =>
      /\/(db|modules|plugins|jobs)\//.test(target) ||
      /^(fastify|drizzle-orm|pg|@electric-sql|node:fs)/.test(spec),
  },
  {
    name: 'a route handler holds SQL (it belongs in the service)',
    applies: (file) => /apps\/server\/src\/modules\/.+\/routes\.ts$/.test(file),
    forbids: (_file, _target, spec) => spec.startsWith('drizzle-orm'),
  },
  {
    name: 'the server and the web app import each other (share only @prestaya/contracts)',
    applies: (file) => file.includes('apps/'),
    forbids: (file, target) =>
      (file.includes('apps/web/') && target.includes('apps/server/')) ||
      (file.includes('apps/server/') && target.includes('apps/web/src')),
  },
  {
    name: 'the domain package does I/O, validates or imports anything of ours',
    applies: (file) => file.includes('packages/domain/'),
    forbids: (_file, target, spec) =>
      target.includes('/apps/') ||
      target.includes('packages/contracts') ||
      /^(zod|node:|@prestaya\/contracts)/.test(spec),
  },
  {
    name: 'the contracts import an application',
    applies: (file) => file.includes('packages/contracts/'),
    forbids: (_file, target) => target.includes('/apps/'),
  },
];

/**
 * The server's layers, low to high: a file may import its own layer or a lower one, never a higher one.
 * Each entry is a top-level name under apps/server/src (a folder, or a file without `.ts`). Rules know
 * nothing of HTTP; http is the reply vocabulary (refusals, problem bodies, route schemas) and does no
 * I/O; db may refuse with it; modules are the API's operations; jobs run modules' work on a timer;
 * plugins wire modules into Fastify (and report on jobs); the commands (demo) and app.ts sit on top.
 */
const SERVER_LAYERS = [
  ['paths', 'errors', 'command-output'],
  ['config', 'logger'],
  ['access', 'credentials', 'files', 'clock'],
  ['http'],
  ['uploads'],
  ['db'],
  ['csv', 'backup', 'spreadsheet'],
  ['modules'],
  ['jobs'],
  ['plugins'],
  ['demo'],
  ['app'],
  ['server', 'bench-api'],
];
const SERVER_SRC = 'apps/server/src';

/**
 * The relative imports (static, lazy `import()` and bare side-effect imports) of every source file
 * under `dir`, as a map from each file to the files it imports, all relative to the repository root;
 * only imports that land inside `dir` are kept.
 */
function importGraph(dir) {
  const graph = new Map();
  const re = new RegExp(`${importRe.source}|import\\s*['"]([^'"]+)['"]`, 'g');
  const prefix = dir.endsWith('/') ? dir : `${dir}/`;
  for (const file of sourceFiles(join(root, dir))) {
    const targets = new Set();
    for (const match of readFileSync(file, 'utf8').matchAll(re)) {
      const spec = match[1] ?? match[2] ?? match[3] ?? match[4];
      if (!spec.startsWith('.')) continue;
      const target = relative(root, resolve(dirname(file), spec));
      if (target.startsWith(prefix)) targets.add(target);
    }
    graph.set(relative(root, file), [...targets]);
  }
  return graph;
}

function layerOf(file) {
  const top = relative(SERVER_SRC, file).split('/')[0].replace(/\.ts$/, '');
  const index = SERVER_LAYERS.findIndex((layer) => layer.includes(top));
  return { top, index };
}

/** Every circle of imports in `graph`, each reported once (Tarjan's strongly connected components). */
function importCycles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  let next = 0;
  const visit = (file) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file), index.get(target)));
    }
    if (low.get(file) !== index.get(file)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    const selfImport = (graph.get(file) ?? []).includes(file);
    if (component.length > 1 || selfImport) cycles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

function serverLayerProblems() {
  const graph = importGraph(SERVER_SRC);
  const found = [];
  for (const [file, targets] of graph) {
    const from = layerOf(file);
    if (from.index < 0) {
      found.push(`${file}: ${from.top} is in no server layer (add it to SERVER_LAYERS)`);
      continue;
    }
    for (const target of targets) {
      if (!target.startsWith(`${SERVER_SRC}/`)) continue;
      const to = layerOf(target);
      if (to.index > from.index)
        found.push(`${file}: the ${from.top} layer imports the higher ${to.top} layer (${target})`);
    }
  }
  for (const cycle of importCycles(graph))
    found.push(`import circle in the server among: ${cycle.join(', ')}`);
  return found;
}

const problems = [];
for (const base of ['apps/server/src', 'apps/web/src', 'packages/contracts/src', 'packages/domain/src']) {
  let files;
  try {
    files = [...sourceFiles(join(root, base))];
  } catch {
    continue;
  }
  for (const file of files) {
    const rel = relative(root, file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(importRe)) {
      const spec = match[1] ?? match[2] ?? match[3];
      const target = spec.startsWith('.') ? relative(root, resolve(dirname(file), spec)) : spec;
      for (const rule of rules) {
        if (rule.applies(rel) && rule.forbids(rel, target, spec))
          problems.push(`${rel}: ${rule.name} (${spec})`);
      }
    }
  }
}

// ---- Web layers: lib ← components ← features ← app, and no import circles in apps/web/src ----

const WEB = 'apps/web/src/';
const webLayer = (path) => path.slice(WEB.length).split('/')[0];
const webLayerRules = [
  { from: 'lib', never: ['components', 'features', 'app'] },
  { from: 'components', never: ['features', 'app'] },
];

/** A lower web layer importing a higher one, and every import circle (a lazy `import()` counts too). */
function webLayerProblems() {
  const found = [];
  const graph = importGraph(WEB);
  for (const [rel, targets] of graph) {
    // A test may drive a higher layer through a lower one; nothing imports it, so no arrow turns back.
    if (/\.test\.tsx?$/.test(rel)) continue;
    for (const rule of webLayerRules) {
      if (webLayer(rel) !== rule.from) continue;
      for (const target of targets) {
        if (rule.never.includes(webLayer(target)))
          found.push(`${rel}: web ${rule.from}/ imports ${webLayer(target)}/ (${target})`);
      }
    }
  }
  for (const cycle of importCycles(graph))
    found.push(`import circle in the web app among: ${cycle.join(', ')}`);
  return found;
}

problems.push(...serverLayerProblems(), ...webLayerProblems());

if (problems.length > 0) {
  console.error(`Import boundaries broken:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('Import boundaries: OK');
