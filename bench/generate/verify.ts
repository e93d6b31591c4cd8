/**
 * Checks that generated data is what the app itself would have left, with the app's own code where it
 * exists: the accrual through `today` finds nothing to do, and the reliability tests' invariants hold
 * (account balances = opening + Σ movements, loan balances = unpaid installments + owed fees, payment
 * = Σ items, report tallies = the rows' figures); then verify-extras.ts. Returns the failures.
 */
import {
  addDays,
  COMPUTED_STATUSES,
  IN_PROGRESS_STATUSES,
  OPEN_STATUSES,
  OWED_FEE_STATUSES,
  OWED_INSTALLMENT_STATUSES,
  portfolioRisk,
  TAKEN_INSTALLMENT_STATUSES,
} from '@prestaya/domain';
import {
  accrueFees,
  agentPortfolioRows,
  literalList,
  livePortfolioRows,
  liveWeeklyFigures,
  tallyPortfolioRows,
  tallyWeeklyFigures,
  type WeeklyFigures,
  WHOLE_BUSINESS,
} from '@prestaya/server/bench';
import type { Target } from '../lib/target.ts';
import { verifyExtras } from './verify-extras.ts';

const CHECKS: { name: string; sql: string }[] = [
  {
    name: 'accounts: balances = Σ movements (opening deposit included)',
    sql: `select count(*)::int as n from bank_accounts a
           where a.balance_cents <> (select coalesce(sum(case
                   when t.operation_type in ('DEPOSIT', 'PAYMENT_DEPOSIT', 'RELEASE') then t.amount_cents
                   when t.operation_type in ('VIRTUAL_WITHDRAWAL', 'MANUAL_WITHDRAWAL') then -t.amount_cents
                   else 0 end), 0) from account_transactions t where t.account_id = a.id)
              or a.real_balance_cents <> (select coalesce(sum(case
                   when t.operation_type in ('DEPOSIT', 'PAYMENT_DEPOSIT') then t.amount_cents
                   when t.operation_type in ('WITHDRAWAL', 'MANUAL_WITHDRAWAL') then -t.amount_cents
                   else 0 end), 0) from account_transactions t where t.account_id = a.id)`,
  },
  {
    name: 'accounts: every movement chains from the previous end balances',
    sql: `select count(*)::int as n from (
            select t.initial_balance_cents, t.initial_real_balance_cents,
                   lag(t.end_balance_cents, 1, 0::bigint) over w as prev_balance,
                   lag(t.end_real_balance_cents, 1, 0::bigint) over w as prev_real
              from account_transactions t
            window w as (partition by t.account_id order by t.created_on, t.id)) x
           where x.initial_balance_cents <> x.prev_balance or x.initial_real_balance_cents <> x.prev_real`,
  },
  {
    name: 'loans: currentBalance = unpaid installments + PENDING/VALIDATING fees, less their paid parts',
    sql: `select count(*)::int as n from loans l
           where l.status in (${literalList(COMPUTED_STATUSES)}, 'WRITTEN_OFF')
             and l.current_balance_cents <>
                 coalesce((select sum(sp.amount_cents - sp.paid_cents) from scheduled_payments sp
                            where sp.loan_id = l.id and sp.status in (${literalList(OWED_INSTALLMENT_STATUSES)})), 0)
               + coalesce((select sum(f.amount_cents - f.paid_cents) from fees f
                            where f.loan_id = l.id and f.status in (${literalList(OWED_FEE_STATUSES)})), 0)`,
  },
  {
    name: 'installments and fees: paid part = Σ items of PAID payments, held part = Σ of VALIDATING ones',
    sql: `select count(*)::int as n from (
            select sp.paid_cents, sp.held_cents, i.paid, i.held from scheduled_payments sp
              left join (select i.scheduled_payment_id as id,
                                sum(i.amount_cents) filter (where p.status = 'PAID') as paid,
                                sum(i.amount_cents) filter (where p.status = 'VALIDATING') as held
                           from payment_items i join payments p on p.id = i.payment_id
                          where i.scheduled_payment_id is not null group by 1) i on i.id = sp.id
            union all
            select f.paid_cents, f.held_cents, i.paid, i.held from fees f
              left join (select i.fee_id as id,
                                sum(i.amount_cents) filter (where p.status = 'PAID') as paid,
                                sum(i.amount_cents) filter (where p.status = 'VALIDATING') as held
                           from payment_items i join payments p on p.id = i.payment_id
                          where i.fee_id is not null group by 1) i on i.id = f.id) x
           where x.paid_cents <> coalesce(x.paid, 0) or x.held_cents <> coalesce(x.held, 0)`,
  },
  {
    name: 'loans: unpaid figures = their unpaid installments (count, last, oldest, principal paid by abonos)',
    sql: `select count(*)::int as n from loans l
            left join lateral (
              select count(*)::int as unpaid, max(sp.payment_number) as last_number, min(sp.due_date) as oldest,
                     coalesce(sum(least(sp.paid_cents, sp.amount_cents)
                       * (case when sp.payment_number = coalesce(l.restructured_last_number, l.term_weeks)
                               then coalesce(l.restructured_principal_cents, l.amount_cents)
                                    - (coalesce(l.restructured_principal_cents, l.amount_cents)
                                       / coalesce(l.restructured_weeks, l.term_weeks))
                                      * (coalesce(l.restructured_weeks, l.term_weeks) - 1)
                               else coalesce(l.restructured_principal_cents, l.amount_cents)
                                    / coalesce(l.restructured_weeks, l.term_weeks) end)
                       / sp.amount_cents), 0) as abono
                from scheduled_payments sp
               where sp.loan_id = l.id and sp.status in (${literalList(OWED_INSTALLMENT_STATUSES)})) u on true
           where (l.unpaid_installments, l.last_unpaid_number, l.oldest_unpaid_due_date, l.abono_principal_cents)
                 is distinct from (u.unpaid, u.last_number, u.oldest, u.abono::bigint)`,
  },
  {
    name: 'installments and fees: status follows the parts (PAID ⇔ all paid; payable ⇒ something remains)',
    sql: `select count(*)::int as n from (
            select status, amount_cents, paid_cents, held_cents from scheduled_payments
            union all select status, amount_cents, paid_cents, held_cents from fees) x
           where (x.status = 'PAID') <> (x.paid_cents = x.amount_cents)
              or (x.status = 'VALIDATING' and (x.held_cents = 0 or x.paid_cents + x.held_cents <> x.amount_cents))
              or (x.status in ('PENDING', 'DELAYED') and x.paid_cents + x.held_cents >= x.amount_cents)`,
  },
  {
    name: 'payments: an abono pays at most one installment in part; whole items leave nothing (remaining after)',
    sql: `select count(*)::int as n from payment_items i join payments p on p.id = i.payment_id
           where i.remaining_after_cents is null
              or (p.kind = 'ITEMS' and i.remaining_after_cents <> 0)
              or (i.remaining_after_cents > 0 and (i.scheduled_payment_id is null or exists (
                    select 1 from payment_items j
                     where j.payment_id = i.payment_id and j.id <> i.id and j.remaining_after_cents > 0)))
              or (i.remaining_after_cents > 0 and p.status = 'PAID' and i.remaining_after_cents <>
                    (select sp.amount_cents - sp.paid_cents from scheduled_payments sp
                      where sp.id = i.scheduled_payment_id))`,
  },
  {
    name: 'restructurings: one row per restructuring, closed = what remained, spread = the new installments',
    sql: `select count(*)::int as n from loans l
            left join loan_restructurings r on r.loan_id = l.id
           where l.restructure_count <> (select count(*) from loan_restructurings x where x.loan_id = l.id)
              or (r.id is not null and (
                   r.spread_cents <> (select sum(sp.amount_cents) from scheduled_payments sp
                                       where sp.loan_id = l.id
                                         and sp.payment_number between r.first_payment_number and r.last_payment_number)
                or r.closed_cents <> (select sum(sp.amount_cents - sp.paid_cents) from scheduled_payments sp
                                       where sp.loan_id = l.id and sp.status = 'RESTRUCTURED')
                or r.included_fines_cents <> (select coalesce(sum(f.amount_cents), 0) from fees f
                                               where f.loan_id = l.id and f.status = 'RESTRUCTURED')
                or l.restructured_last_number <> r.last_payment_number
                or l.restructured_weeks <> r.weeks
                or l.restructured_principal_cents <> r.principal_cents))`,
  },
  {
    name: 'write-offs: WRITTEN_OFF ⇔ one row, past due as the setting asks; recoveries only after it',
    sql: `select (select count(*)::int from loans l full join loan_write_offs w on w.loan_id = l.id
                   where (l.status = 'WRITTEN_OFF') is distinct from (w.id is not null)
                      or w.days_past_due < (select min_days_past_due from write_off_settings))
               + (select count(*)::int from payments p
                    left join loan_write_offs w on w.loan_id = p.loan_id
                   where p.recovery <> (w.id is not null and p.created_on > w.created_on)) as n`,
  },
  {
    name: 'loans: each has its product',
    sql: 'select count(*)::int as n from loans l where not exists (select 1 from loan_products p where p.id = l.product_id)',
  },
  {
    name: 'payments: amount = Σ items',
    sql: `select count(*)::int as n from payments p
           where p.amount_cents <> (select sum(i.amount_cents) from payment_items i where i.payment_id = p.id)`,
  },
  {
    name: "installments due per agent and day: the tally = the installments (Cobranza's 'Semana')",
    sql: `select count(*)::int as n from (
            (select c.agent_id, sp.due_date, count(*) as n, sum(sp.amount_cents) as cents,
                    count(*) filter (where sp.status in (${literalList(TAKEN_INSTALLMENT_STATUSES)})) as taken_n,
                    coalesce(sum(sp.amount_cents) filter (where sp.status in (${literalList(TAKEN_INSTALLMENT_STATUSES)})), 0)
                      + coalesce(sum(sp.paid_cents + sp.held_cents) filter (where sp.status not in (${literalList(TAKEN_INSTALLMENT_STATUSES)})), 0) as taken_cents
               from scheduled_payments sp
               join loans l on l.id = sp.loan_id and l.status in (${literalList(COMPUTED_STATUSES)})
               join customers c on c.id = l.customer_id
              where sp.status not in ('REJECTED', 'CANCELLED', 'RESTRUCTURED')
              group by 1, 2
             except
             select agent_id, due_date, sum(n), sum(amount_cents), sum(taken_n), sum(taken_cents)
               from installment_due_tally group by 1, 2
             having sum(n) <> 0 or sum(amount_cents) <> 0 or sum(taken_n) <> 0 or sum(taken_cents) <> 0)
            union all
            (select agent_id, due_date, sum(n), sum(amount_cents), sum(taken_n), sum(taken_cents)
               from installment_due_tally group by 1, 2
             having sum(n) <> 0 or sum(amount_cents) <> 0 or sum(taken_n) <> 0 or sum(taken_cents) <> 0
             except
             select c.agent_id, sp.due_date, count(*), sum(sp.amount_cents),
                    count(*) filter (where sp.status in (${literalList(TAKEN_INSTALLMENT_STATUSES)})),
                    coalesce(sum(sp.amount_cents) filter (where sp.status in (${literalList(TAKEN_INSTALLMENT_STATUSES)})), 0)
                      + coalesce(sum(sp.paid_cents + sp.held_cents) filter (where sp.status not in (${literalList(TAKEN_INSTALLMENT_STATUSES)})), 0)
               from scheduled_payments sp
               join loans l on l.id = sp.loan_id and l.status in (${literalList(COMPUTED_STATUSES)})
               join customers c on c.id = l.customer_id
              where sp.status not in ('REJECTED', 'CANCELLED', 'RESTRUCTURED')
              group by 1, 2)) differing`,
  },
  {
    name: 'loans: the status tally = loans per status',
    sql: `select count(*)::int as n from
            (select status, count(*) as n from loans group by status) counted
            full join (select status, sum(n) as n from loan_status_tally group by status having sum(n) <> 0) tallied
            using (status)
           where counted.n is distinct from tallied.n`,
  },
  {
    name: "customers: current loan = the open one, else the newest not cancelled (loans' triggers)",
    sql: `select count(*)::int as n from customers c
            left join lateral (
              select l.id, l.status from loans l
               where l.customer_id = c.id and l.status <> 'CANCELLED'
               order by (l.status in (${literalList(OPEN_STATUSES)})) desc, l.created_on desc, l.id desc
               limit 1) p on true
           where (c.current_loan_id, c.current_loan_open)
                 is distinct from (p.id, coalesce(p.status in (${literalList(OPEN_STATUSES)}), false))`,
  },
  {
    name: "fees: each fee's installment exists and belongs to the fee's loan (fees_installment_loan_fk)",
    sql: `select count(*)::int as n from fees f
           where not exists (select 1 from scheduled_payments sp
                              where sp.id = f.scheduled_payment_id and sp.loan_id = f.loan_id)`,
  },
  {
    name: "customers: each in the status order once, at their current loan's rank (customer_status_order)",
    sql: `select count(*)::int as n from customers c
            full join customer_status_order o on o.customer_id = c.id
            left join loans l on l.id = c.current_loan_id
           where c.id is null or o.customer_id is null
              or o.rank <> customer_status_rank(l.status)`,
  },
  {
    name: 'customers: at most one loan in progress',
    sql: `select count(*)::int as n from (
            select customer_id from loans where status in (${literalList(IN_PROGRESS_STATUSES)})
             group by customer_id having count(*) > 1) x`,
  },
];

/**
 * Which report figures of the whole business differ between the tallies (modules/reports/tallies.ts)
 * and the rows (live.ts): the portfolio as of `today` and a year on, a few agents' portfolios (from
 * the figures kept on their loans), the weekly figures of the last week and of every day there is.
 */
async function reportTalliesDiffer(target: Target, today: string, timeZone: string): Promise<string[]> {
  const db = target.database.db;
  const differ: string[] = [];
  for (const asOf of [today, addDays(today, 365)]) {
    const tallied = portfolioRisk(await tallyPortfolioRows(db, asOf), asOf);
    const live = portfolioRisk(await livePortfolioRows(db, WHOLE_BUSINESS, asOf), asOf);
    if (JSON.stringify(tallied) !== JSON.stringify(live)) differ.push(`cartera al ${asOf}`);
  }
  // An agent's Dashboard reads the figures kept on the loans (agentPortfolioRows); a few agents with
  // the most customers must get what their installments give.
  const agents = await target.query<{ id: string }>(
    `select agent_id as id from customers where agent_id is not null group by 1 order by count(*) desc, 1 limit 3`,
  );
  for (const { id } of agents) {
    const agent = { id, roles: ['ROLE_USER'] };
    const kept = portfolioRisk(await agentPortfolioRows(db, agent, today), today);
    const live = portfolioRisk(await livePortfolioRows(db, agent, today), today);
    if (JSON.stringify(kept) !== JSON.stringify(live)) differ.push(`cartera del agente ${id}`);
  }
  const byDay = (figures: WeeklyFigures) =>
    JSON.stringify({ ...figures, days: [...figures.days].sort((a, b) => a.day.localeCompare(b.day)) });
  for (const window of [
    { from: addDays(today, -6), to: today, timeZone },
    { from: '2000-01-01', to: '2099-12-31', timeZone },
  ]) {
    const tallied = await tallyWeeklyFigures(db, window);
    const live = await liveWeeklyFigures(db, WHOLE_BUSINESS, window);
    if (byDay(tallied) !== byDay(live)) differ.push(`cobranza ${window.from}..${window.to}`);
  }
  return differ;
}

export async function verify(
  target: Target,
  options: { today: string; timeZone: string; profile: 'history' | 'accrual' },
  log: (line: string) => void = console.log,
): Promise<number> {
  const { today, timeZone } = options;
  let failures = 0;
  for (const check of CHECKS) {
    const [row] = await target.query<{ n: number }>(check.sql);
    const bad = row?.n ?? 0;
    log(`  ${bad === 0 ? 'ok  ' : 'FAIL'} ${check.name}${bad === 0 ? '' : `: ${bad} rows`}`);
    if (bad !== 0) failures++;
  }
  const [life] = await target.query<{
    open: number;
    abono: number;
    restructured: number;
    written_off: number;
  }>(
    `select count(*) filter (where status in (${literalList(OPEN_STATUSES)}))::int as open,
            count(*) filter (where status in (${literalList(OPEN_STATUSES)}) and exists (
              select 1 from payments p where p.loan_id = l.id and p.kind = 'ABONO'))::int as abono,
            count(*) filter (where restructure_count > 0)::int as restructured,
            count(*) filter (where status = 'WRITTEN_OFF')::int as written_off
       from loans l`,
  );
  if (life) {
    const pct = (n: number) => `${((100 * n) / Math.max(1, life.open)).toFixed(1)} %`;
    log(
      `  life cycle: ${life.open} open loans, ${life.abono} with an abono (${pct(life.abono)}), ` +
        `${life.restructured} restructured (${pct(life.restructured)}), ${life.written_off} written off (${pct(life.written_off)})`,
    );
  }
  const tallies = await reportTalliesDiffer(target, today, timeZone);
  log(
    `  ${tallies.length === 0 ? 'ok  ' : 'FAIL'} report tallies = the reports' figures from the rows${tallies.length ? `: ${tallies.join(', ')}` : ''}`,
  );
  if (tallies.length > 0) failures++;
  // The accrual profile is left before its first accrual run on purpose (bench/accrual.ts runs it).
  if (options.profile === 'accrual') return failures;
  failures += await verifyExtras(target, options, log);
  const result = await accrueFees(target.database.db, { throughDate: today, timeZone });
  const idle = result.feesCreated === 0 && result.installmentsDelayed === 0 && result.loansUpdated === 0;
  log(
    `  ${idle ? 'ok  ' : 'FAIL'} the accrual through ${today} finds nothing to do: ` +
      `${result.feesCreated} fees, ${result.installmentsDelayed} installments delayed, ${result.loansUpdated} loans changed`,
  );
  if (!idle) failures++;
  return failures;
}
