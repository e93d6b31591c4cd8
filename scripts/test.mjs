// `npm test`: every test of the project, in stages. The vitest suite and the journeys use both cores on
// their own (the journeys beside the PGlite parity and midnight runs took twice as long on two cores);
// the type check (one core) runs beside the web build, and the last stage's short runs side by side:
// the business-day flows at midnight, the PGlite parity run and the cluster test. The first
// lane of a stage prints as it goes; the others' output is kept and printed whole when the stage ends,
// so the log stays readable. The run stops after the first stage with a failure.
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The engines' runs: parity on PGlite whatever DATABASE_URL says; midnight on the run's database. */
const PGLITE = { DATABASE_URL: '' };

// A stage's lanes run side by side; a lane's steps one after the other. The first lane prints live.
const STAGES = [
  [[{ name: 'lint', command: 'npm run lint' }]],
  [
    [{ name: 'tipos', command: 'npm run typecheck' }],
    [{ name: 'compilación web', command: 'npm run build' }],
  ],
  [[{ name: 'vitest (unitarias, API, componentes)', command: 'npm run test:unit' }]],
  [[{ name: 'recorridos en Chromium', command: 'npm run test:e2e:run' }]],
  [
    [{ name: 'medianoche (23:59 y 00:01)', command: 'npm run test:midnight' }],
    // Without DATABASE_URL the whole server suite has just run on PGlite.
    ...(process.env.DATABASE_URL
      ? [[{ name: 'paridad PGlite', command: 'npm run test:db:pglite-parity', env: PGLITE }]]
      : []),
    [{ name: 'varios servidores tras nginx', command: 'npm run test:cluster' }],
  ],
];

const logs = mkdtempSync(join(tmpdir(), 'prestaya-test-'));
const started = performance.now();
const seconds = (since) => `${Math.round((performance.now() - since) / 1000)} s`;
let logCount = 0;

/** Runs one step; a kept step's output is returned to be printed once its stage ends. */
function run({ name, command, env }, live) {
  const since = performance.now();
  const log = join(logs, `${logCount++}.log`);
  const output = live ? 'inherit' : openSync(log, 'w');
  const child = spawn(command, {
    shell: true,
    stdio: ['ignore', output, output],
    env: { ...process.env, ...env },
  });
  return new Promise((done) => {
    child.on('exit', (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      const summary = `== ${name}: ${status === 0 ? 'bien' : `falló (${status})`} en ${seconds(since)}`;
      if (live) console.log(summary);
      done({ status, text: live ? '' : `\n== ${name}:\n${readFileSync(log, 'utf8')}${summary}\n` });
    });
  });
}

/** A lane's steps in order; every step runs even if an earlier one failed, so each reports. */
async function lane(steps, live) {
  const results = [];
  for (const step of steps) results.push(await run(step, live));
  return results;
}

let failed = false;
for (const stage of STAGES) {
  console.log(`\n== ${stage.map((steps) => steps.map((s) => s.name).join(' → ')).join(' ∥ ')}`);
  const results = (await Promise.all(stage.map((steps, i) => lane(steps, i === 0)))).flat();
  for (const { text } of results) process.stdout.write(text);
  if (results.some(({ status }) => status !== 0)) {
    failed = true;
    break;
  }
}
rmSync(logs, { recursive: true, force: true });
console.log(`\n== npm test: ${failed ? 'falló' : 'todo bien'} en ${seconds(started)}`);
process.exit(failed ? 1 : 0);
