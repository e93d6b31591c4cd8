/** The API benchmark's printed figures: a table per database and, with several, how p95 scales. */
import type { LoadResult } from './load.ts';

const ms = (x: number) => x.toFixed(1).padStart(7);
export function printTable(results: LoadResult[], floor: LoadResult) {
  console.log(
    `\n  ${'case'.padEnd(28)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'max ms'.padStart(7)} ${'÷floor'.padStart(7)} ${'non2xx'.padStart(7)}`,
  );
  for (const r of [floor, ...results]) {
    console.log(
      `  ${r.name.padEnd(28)} ${r.perSecond.toFixed(0).padStart(8)} ${ms(r.p50)} ${ms(r.p95)} ${ms(r.p99)} ${ms(r.max)} ${(r.perSecond / floor.perSecond).toFixed(2).padStart(7)} ${String(r.non2xx + r.errors).padStart(7)}`,
    );
  }
}
export interface DbRun {
  url: string;
  customers: number;
  floor: LoadResult;
  results: LoadResult[];
}

/** Each case's p95 on every larger database ÷ its p95 on the smallest one. */
export function printScaling(runs: DbRun[], targetScale: number) {
  const [base, ...others] = [...runs].sort((a, b) => a.customers - b.customers) as [DbRun, ...DbRun[]];
  for (const other of others) {
    console.log(
      `\n=== p95 at ${other.customers} customers ÷ p95 at ${base.customers} (target ≤ ${targetScale}) ===`,
    );
    for (const r of [other.floor, ...other.results]) {
      const b = [base.floor, ...base.results].find((x) => x.name === r.name);
      if (!b) continue;
      const ratio = r.p95 / b.p95;
      console.log(
        `  ${r.name.padEnd(28)} ${b.p95.toFixed(1).padStart(7)} → ${r.p95.toFixed(1).padStart(7)} ms  ×${ratio.toFixed(2)} ${ratio <= targetScale ? '' : ' MISSES'}`,
      );
    }
  }
}
