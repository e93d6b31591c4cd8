/**
 * The checks of the visits, the PLD list and the book imports (visits.ts, aml.ts, imports.ts), with
 * the app's own rules: every promise passes domain checkVisit (against what its loan's installments
 * still owed at the visit) and is read kept, pending or broken by domain promiseOutcome; the open
 * PLD matches are exactly what modules/aml/screening.ts finds (run inside a transaction rolled back,
 * it must raise nothing new, and no match lacks its pair); import rows point at real customers; each
 * loan's figures for 'Cobranza' (migration collection_due_figures) are its rows', and so are the
 * customers' route keys and collection_due_tally (migration collection_due_tally). Prints each check
 * and the shares; returns the number of failures.
 */
import { checkVisit, foldName, PROMISE_OUTCOME, promiseOutcome, zonedInstant } from '@prestaya/domain';
import { screenCustomers } from '@prestaya/server/bench';
import type { Target } from '../lib/target.ts';

const CHECKS: { name: string; sql: (midnight: string) => string }[] = [
  {
    name: "visits: the loan's customer, by that customer's agent",
    sql: () => `select count(*)::int as n from visits v join loans l on l.id = v.loan_id
                  join customers c on c.id = l.customer_id
                 where v.customer_id <> l.customer_id or v.agent_id is distinct from c.agent_id`,
  },
  {
    name: 'visits: after delivery and the last restructuring, before today, on a loan open now',
    sql: (midnight) => `select count(*)::int as n from visits v join loans l on l.id = v.loan_id
                 where v.visited_at <= coalesce(l.restructured_on, l.activated_on)
                    or v.visited_at >= '${midnight}'::timestamptz or l.status not in ('ACTIVE', 'DELAYED')`,
  },
  {
    name: 'PLD: every match is a pair the screening joins (same CURP, or same folded name)',
    sql: () => `select count(*)::int as n from aml_matches m
                  join customers c on c.id = m.customer_id join aml_blocked_persons b on b.id = m.blocked_person_id
                 where not ((m.kind = 'CURP' and c.curp = b.curp and m.matched_value = b.curp)
                         or (m.kind = 'NAME' and c.aml_folded_name = b.folded_name and m.matched_value = b.folded_name))`,
  },
  {
    name: "PLD: each list's matches_found = the matches found when it was imported",
    sql: () => `select count(*)::int as n from aml_lists l
                 where l.matches_found <> (select count(*) from aml_matches m
                         join aml_blocked_persons b on b.id = m.blocked_person_id
                        where b.list_id = l.id and m.found_on = l.imported_on)`,
  },
  {
    name: 'imports: rows point at customers, each import counts its rows, its file is kept',
    sql: () => `select (select count(*) from book_import_rows r left join customers c on c.id = r.customer_id
                         where c.id is null)::int
                     + (select count(*) from book_imports i
                         where i.imported_customers <> (select count(*) from book_import_rows r where r.import_id = i.id)
                            or not exists (select 1 from stored_files f where f.id = i.file_id
                                            and f.sha256 = encode(sha256(f.bytes), 'hex')))::int as n`,
  },
  {
    name: "loans: oldest payable due date and pending fees ('Cobranza') = their installments and fees",
    sql: () => `select count(*)::int as n from loans l
                 where (l.oldest_payable_due_date, l.pending_fees) is distinct from (
                   (select min(sp.due_date) from scheduled_payments sp
                     where sp.loan_id = l.id and sp.status in ('PENDING', 'DELAYED')),
                   (select count(*)::int from fees f where f.loan_id = l.id and f.status = 'PENDING'))`,
  },
  {
    name: "loans: the day of the latest promise ('Cobranza' 'Hoy') = their visits'",
    sql: () => `select count(*)::int as n from loans l
                 where l.promised_date is distinct from (
                   select v.promised_date from visits v where v.loan_id = l.id and v.outcome = 'PROMISE'
                    order by v.visited_at desc, v.id desc limit 1)`,
  },
  {
    name: 'collection_promise_tally = the open loans without a pending fee by promised day and oldest due',
    sql: () => `with kept as (
                  select promised, day, sum(loans) as loans from collection_promise_tally group by 1, 2
                  having sum(loans) <> 0),
                counted as (
                  select promised_date as promised, oldest_payable_due_date as day, count(*) as loans from loans
                   where status in ('ACTIVE', 'DELAYED') and pending_fees = 0 and promised_date is not null
                   group by 1, 2)
                select count(*)::int as n from kept k
                  full join counted c on c.promised = k.promised and c.day is not distinct from k.day
                 where k.loans is distinct from c.loans`,
  },
  {
    name: "customers: route keys ('Cobranza') = their first address's postal code and folded colonia",
    sql: () => `select count(*)::int as n from customers c
                  left join lateral (select postal_code, neighborhood from addresses a where a.customer_id = c.id
                                      order by a.created_on, a.id limit 1) a on true
                 where (c.route_postal_code, c.route_colonia_key)
                       is distinct from (a.postal_code, unaccent(lower(a.neighborhood)))`,
  },
  {
    name: "collection_due_tally ('Cobranza' of every agent) = the open loans, their installments and fees",
    sql: () => `with kept as (
                  select day, sum(loans) as loans, sum(fee_loans) as fee_loans, sum(due_cents) as due_cents,
                         sum(fee_cents) as fee_cents from collection_due_tally group by day
                  having sum(loans) <> 0 or sum(fee_loans) <> 0 or sum(due_cents) <> 0 or sum(fee_cents) <> 0),
                open_loans as (select * from loans where status in ('ACTIVE', 'DELAYED')),
                counted as (
                  select day, sum(loans) as loans, sum(fee_loans) as fee_loans, sum(due_cents) as due_cents,
                         sum(fee_cents) as fee_cents
                    from (select oldest_payable_due_date as day, (pending_fees = 0)::int as loans,
                                 (pending_fees > 0)::int as fee_loans, 0 as due_cents, 0 as fee_cents from open_loans
                          union all
                          select sp.due_date, 0, 0, sp.amount_cents - sp.paid_cents - sp.held_cents, 0
                            from scheduled_payments sp join open_loans l on l.id = sp.loan_id
                           where sp.status in ('PENDING', 'DELAYED')
                          union all
                          select null, 0, 0, 0, f.amount_cents - f.paid_cents - f.held_cents
                            from fees f join open_loans l on l.id = f.loan_id where f.status = 'PENDING') t
                   group by day
                  having sum(loans) <> 0 or sum(fee_loans) <> 0 or sum(due_cents) <> 0 or sum(fee_cents) <> 0)
                select count(*)::int as n from kept k
                  full join counted c on coalesce(c.day, 'infinity') = coalesce(k.day, 'infinity')
                 where (k.loans, k.fee_loans, k.due_cents, k.fee_cents)
                       is distinct from (c.loans, c.fee_loans, c.due_cents, c.fee_cents)`,
  },
];

class Rollback extends Error {}

/** What modules/aml/screening.ts would raise now over every customer and list (nothing is kept). */
async function screeningWouldRaise(target: Target): Promise<number> {
  let raised = -1;
  try {
    await target.database.db.transaction(async (tx) => {
      raised = await screenCustomers(tx, null, {});
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  return raised;
}

interface PromiseRow {
  loan_id: string;
  visited_at: Date | string;
  promised_date: string;
  promised_amount_cents: number;
  owed: number;
}

export async function verifyExtras(
  target: Target,
  options: { today: string; timeZone: string },
  log: (line: string) => void,
): Promise<number> {
  const { today, timeZone } = options;
  let failures = 0;
  const report = (ok: boolean, line: string) => {
    log(`  ${ok ? 'ok  ' : 'FAIL'} ${line}`);
    if (!ok) failures++;
  };
  const midnight = zonedInstant(today, 0, 0, timeZone).toISOString();
  for (const check of CHECKS) {
    const [row] = await target.query<{ n: number }>(check.sql(midnight));
    const bad = row?.n ?? 0;
    report(bad === 0, `${check.name}${bad === 0 ? '' : `: ${bad} rows`}`);
  }

  // Installments still owed at the visit: not restructured, less what payments registered before it paid.
  const promises = await target.query<PromiseRow>(
    `select v.loan_id, v.visited_at, v.promised_date::text as promised_date,
            v.promised_amount_cents::int as promised_amount_cents,
            ((select coalesce(sum(sp.amount_cents), 0) from scheduled_payments sp
               where sp.loan_id = v.loan_id and sp.status <> 'RESTRUCTURED')
             - (select coalesce(sum(i.amount_cents), 0) from payments p
                  join payment_items i on i.payment_id = p.id
                  join scheduled_payments sp on sp.id = i.scheduled_payment_id and sp.status <> 'RESTRUCTURED'
                 where p.loan_id = v.loan_id and p.status in ('PAID', 'VALIDATING')
                   and p.created_on < v.visited_at))::int as owed
       from visits v where v.outcome = '${PROMISE_OUTCOME}' order by v.loan_id, v.visited_at`,
  );
  const payments = await target.query<{
    loan_id: string;
    created_on: Date | string;
    amount_cents: number;
    status: string;
  }>(
    `select p.loan_id, p.created_on, p.amount_cents::int as amount_cents, p.status from payments p
      where p.loan_id in (select loan_id from visits where outcome = '${PROMISE_OUTCOME}')`,
  );
  const byLoan = new Map<string, { createdOn: Date; amountCents: number; status: string }[]>();
  for (const p of payments) {
    const list = byLoan.get(p.loan_id) ?? [];
    list.push({ createdOn: new Date(p.created_on), amountCents: p.amount_cents, status: p.status });
    byLoan.set(p.loan_id, list);
  }
  const outcomes = { KEPT: 0, PENDING: 0, BROKEN: 0 };
  let refused = 0;
  for (const v of promises) {
    const visitedAt = new Date(v.visited_at);
    const verdict = checkVisit({
      outcome: PROMISE_OUTCOME,
      visitedAt,
      now: visitedAt,
      limits: { maxSkewMinutes: 0, maxAgeDays: 1 },
      timeZone,
      loanOpen: true,
      owedCents: v.owed,
      promisedDate: v.promised_date,
      promisedAmountCents: v.promised_amount_cents,
    });
    if (!verdict.ok) refused++;
    const promise = {
      visitedAt,
      promisedDate: v.promised_date,
      promisedAmountCents: v.promised_amount_cents,
    };
    outcomes[promiseOutcome(promise, byLoan.get(v.loan_id) ?? [], today, timeZone).outcome]++;
  }
  report(refused === 0, `visits: every promise passes checkVisit${refused ? `: ${refused} refused` : ''}`);

  const persons = await target.query<{ name: string; folded_name: string }>(
    'select name, folded_name from aml_blocked_persons',
  );
  const misfolded = persons.filter((p) => foldName(p.name) !== p.folded_name).length;
  report(
    misfolded === 0,
    `PLD: every listed person's folded_name = foldName(name)${misfolded ? `: ${misfolded}` : ''}`,
  );
  const raised = await screeningWouldRaise(target);
  report(raised === 0, `PLD: the app's screening finds no match that is not there (raised ${raised})`);

  const [visits] = await target.query<{
    visits: number;
    loans: number;
    open: number;
    today: number;
    stopped: number;
    customers: number;
    matches: number;
    resolved: number;
    cases: number;
    imported: number;
  }>(
    `select (select count(*) from visits)::int as visits,
            (select count(distinct loan_id) from visits)::int as loans,
            (select count(*) from loans where status in ('ACTIVE', 'DELAYED'))::int as open,
            (select count(*) from (select distinct on (loan_id) loan_id, promised_date from visits
                                    where outcome = '${PROMISE_OUTCOME}'
                                    order by loan_id, visited_at desc, id desc) p
              where p.promised_date = '${today}'::date)::int as today,
            (select count(distinct customer_id) from aml_matches where status = 'OPEN')::int as stopped,
            (select count(*) from customers)::int as customers,
            (select count(*) from aml_matches)::int as matches,
            (select count(*) from aml_matches where status = 'RESOLVED')::int as resolved,
            (select count(*) from aml_cases)::int as cases,
            (select count(*) from book_import_rows)::int as imported`,
  );
  if (visits) {
    const pct = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(1)} %`;
    log(
      `  visits: ${visits.visits} on ${visits.loans} loans (${pct(visits.loans, visits.open)} of the open ones), ` +
        `${promises.length} promises: ${outcomes.KEPT} kept, ${outcomes.PENDING} pending, ${outcomes.BROKEN} broken; ` +
        `${visits.today} loans' standing promise is for today`,
    );
    log(
      `  PLD: ${persons.length} listed persons, ${visits.matches} matches (${visits.resolved} resolved), ` +
        `${visits.stopped} customers stopped (${pct(visits.stopped, visits.customers)}), ${visits.cases} cases open; ` +
        `imports: ${visits.imported} customers imported (${pct(visits.imported, visits.customers)})`,
    );
  }
  return failures;
}
