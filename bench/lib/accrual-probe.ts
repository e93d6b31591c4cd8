/**
 * `bench:accrual --probe`: a few screens' first requests timed against the accrual's own database,
 * while it is idle and while the first run works on it, to see whether the screens keep answering
 * (docs/performance-history.md "Late-fee accrual at 1,000,000 loans"). The server is bench:screens'
 * (bench/lib/read-server.ts in a child process, read-only connections), with the app's own tokens.
 */

import { screenClient } from '../screens/client.ts';
import { type ScreenCase, screenCases } from '../screens/requests.ts';
import { prepareTarget } from '../screens/targets.ts';
import { loadAverage } from './local-server.ts';
import { startChild } from './processes.ts';
import { stats } from './stats.ts';

/** The screens an office opens all day, two of them reading the loans the accrual changes. */
const PROBED = [
  'agent · Cobranza · Hoy',
  'agent · Cobranza · Atrasados (prefetch)',
  'admin · Préstamos · Todos',
  'admin · Préstamos · estatus ACTIVE',
];
/** The probe server's connections' name: bench/accrual.ts leaves them out of the accrual's CPU. */
export const PROBE_APPLICATION = 'accrual-probe';
/** A pause between two requests: an office's clicks, not a load test of its own. */
const PAUSE_MS = 25;

export interface AccrualProbe {
  /** Times `rounds` rounds of every probed request now (the database idle). */
  idle(rounds: number): Promise<void>;
  /** Times rounds until the promise `until` settles (the accrual running). */
  during<T>(until: Promise<T>): Promise<T>;
  /** p50 / p95 / max and the count, idle and during, per request. */
  print(): void;
  stop(): Promise<void>;
}

export async function startAccrualProbe(databaseUrl: string): Promise<AccrualProbe> {
  const cases: ScreenCase[] = PROBED.map((label) => {
    const found = screenCases(label).find((c) => c.label === label);
    if (!found) throw new Error(`no screen request "${label}" (bench/screens/requests.ts)`);
    return found;
  });
  const prepared = await prepareTarget({ name: 'pg100k', where: databaseUrl });
  // The probe's backends carry their own application name, so that their CPU is told apart from the
  // accrual's; PGOPTIONS already holds the read-only setting.
  const env = { ...prepared.serverEnv, PGAPPNAME: PROBE_APPLICATION };
  const server = await startChild('bench/lib/read-server.ts', env, 'server');
  const client = screenClient(server.url);
  const samples = { idle: cases.map(() => [] as number[]), during: cases.map(() => [] as number[]) };
  const loads = { idle: [] as string[], during: [] as string[] };

  const round = async (phase: 'idle' | 'during') => {
    for (const [i, c] of cases.entries()) {
      const reply = await client.get(c.request.path(prepared.context), prepared.tokens[c.role]);
      if (reply.status !== 200)
        throw new Error(`${c.label}: ${reply.status} ${reply.body.toString().slice(0, 200)}`);
      samples[phase][i]?.push(reply.ms);
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
  };
  // A warm-up round: the server's first requests compile and connect.
  await round('idle');
  for (const list of samples.idle) list.length = 0;

  return {
    async idle(rounds) {
      loads.idle.push(loadAverage());
      for (let r = 0; r < rounds; r++) await round('idle');
      loads.idle.push(loadAverage());
    },
    async during(until) {
      let settled = false;
      const watched = until.finally(() => {
        settled = true;
      });
      // Settled after the loop below: seen as handled now, so a failed run is not an unhandled rejection.
      watched.catch(() => {});
      loads.during.push(loadAverage());
      while (!settled) await round('during');
      loads.during.push(loadAverage());
      return watched;
    },
    print() {
      console.log(
        `screens while idle (load ${loads.idle.join(' → ')}) and during the first run (load ${loads.during.join(' → ')}), ms:`,
      );
      console.log(
        `  ${'request'.padEnd(42)} ${'idle n  p50   p95   max'.padStart(28)}   ${'during n  p50   p95   max'}`,
      );
      for (const [i, c] of cases.entries()) {
        const cell = (list: number[]) => {
          if (list.length === 0) return '—'.padStart(26);
          const s = stats(list);
          return `${String(list.length).padStart(7)} ${s.p50.toFixed(1).padStart(5)} ${s.p95.toFixed(1).padStart(5)} ${s.max.toFixed(1).padStart(5)}`;
        };
        console.log(
          `  ${c.label.padEnd(42)} ${cell(samples.idle[i] ?? []).padStart(28)}   ${cell(samples.during[i] ?? [])}`,
        );
      }
    },
    async stop() {
      client.close();
      await server.stop();
      prepared.cleanup();
    },
  };
}
