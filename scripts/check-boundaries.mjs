// Import boundaries (docs/architecture.md): features never import each other, domain rules stay pure,
// SQL stays out of route handlers, and the server and the web app share only the contracts.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const importRe = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

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
    applies: (file) => /apps\/server\/src\/(access|credentials|files|domain)\//.test(file),
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
      const spec = match[1] ?? match[2];
      const target = spec.startsWith('.') ? relative(root, resolve(dirname(file), spec)) : spec;
      for (const rule of rules) {
        if (rule.applies(rel) && rule.forbids(rel, target, spec))
          problems.push(`${rel}: ${rule.name} (${spec})`);
      }
    }
  }
}

// ---- Web layers: lib ← components ← features ← app, and no import circles in apps/web/src ----

/** Every relative import of a web source file, resolved to a path under the repository root. */
function webImports(file) {
  const text = readFileSync(file, 'utf8');
  const found = [];
  const re = new RegExp(`${importRe.source}|import\\s*['"]([^'"]+)['"]`, 'g');
  for (const match of text.matchAll(re)) {
    const spec = match[1] ?? match[2] ?? match[3];
    if (spec.startsWith('.')) found.push(relative(root, resolve(dirname(file), spec)));
  }
  return found;
}

const WEB = 'apps/web/src/';
const webLayer = (path) => path.slice(WEB.length).split('/')[0];
const webLayerRules = [
  { from: 'lib', never: ['components', 'features', 'app'] },
  { from: 'components', never: ['features', 'app'] },
];

/** A lower web layer importing a higher one, and every import circle (a lazy `import()` counts too). */
function webLayerProblems() {
  const found = [];
  const graph = new Map();
  for (const file of sourceFiles(join(root, WEB))) {
    const rel = relative(root, file);
    const targets = webImports(file).filter((target) => target.startsWith(WEB));
    graph.set(rel, targets);
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
  for (const cycle of importCycles(graph)) found.push(`import circle: ${cycle.join(' → ')}`);
  return found;
}

/** The circles of a directed graph, each reported once (depth-first search, grey/black marking). */
function importCycles(graph) {
  const state = new Map();
  const stack = [];
  const cycles = [];
  const visit = (node) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

problems.push(...webLayerProblems());

if (problems.length > 0) {
  console.error(`Import boundaries broken:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('Import boundaries: OK');
