/**
 * What the API benchmark's requests are drawn from: real customers, phones and loans of the generated
 * database (a fixed, well-spread md5-ordered sample), with the fee accrual brought up to today first so
 * the server's start-up accrual has nothing to do.
 */
import { businessDate, OPEN_STATUSES } from '@prestaya/domain';
import { accrueFees, literalList } from '@prestaya/server/bench';
import { BENCH_ADMIN } from '../generate/generate.ts';
import { openTarget } from '../lib/target.ts';

export interface Samples {
  customers: number;
  adminId: string;
  phones: string[];
  lookups: { num: number; phone: string; id: string }[];
  floorIds: string[];
}

export async function samplesOf(url: string, timeZone: string): Promise<Samples> {
  const target = await openTarget({ databaseUrl: url });
  try {
    const [count] = await target.query<{ n: number }>('select count(*)::int as n from customers');
    const [admin] = await target.query<{ id: string }>('select id from users where username = $1', [
      BENCH_ADMIN,
    ]);
    if (!count?.n || !admin) throw new Error(`${url}: no generated data; run npm run bench:generate first`);
    // md5 order: a fixed, well-spread sample (same every run).
    const phones = await target.query<{ phone: string }>(
      'select phone from customers order by md5(id::text) limit 200',
    );
    const lookups = await target.query<{ num: number; phone: string; id: string }>(
      `select l.num, c.phone, l.id from loans l join customers c on c.id = l.customer_id
        where l.status in (${literalList(OPEN_STATUSES)}) order by md5(l.id::text) limit 500`,
    );
    const floor = await target.query<{ id: string }>(
      'select id from customers order by md5(id::text) limit 1000',
    );
    const today = businessDate(new Date(), timeZone);
    const t0 = performance.now();
    const accrual = await accrueFees(target.database.db, { throughDate: today, timeZone });
    console.log(
      `  accrual through ${today} before the run: ${accrual.feesCreated} fees, ${accrual.loansUpdated} loans ` +
        `updated in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    return {
      customers: count.n,
      adminId: admin.id,
      phones: phones.map((r) => r.phone),
      lookups,
      floorIds: floor.map((r) => r.id),
    };
  } finally {
    await target.close();
  }
}
