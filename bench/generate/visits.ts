/**
 * Cobranza's field visits of the generated history, derived in SQL from the loans and payments (as
 * the ledger is), so the customers' own rows and their random streams stay as they were. Every draw
 * is md5 of the row it belongs to (UNIT_OF), every id a UUIDv7 of the visit's moment: the same rows
 * give the same visits. Two kinds, both within the rules of packages/domain visit-outcome.ts
 * (checkVisit: a promise for the visit's day up to PROMISE_MAX_DAYS later, 1 centavo up to what is
 * owed; promiseOutcome decides kept, pending or broken):
 *
 * - follow-ups: 45 % of the DELAYED loans and 6 % of the ACTIVE ones were visited 1–3 times, a week
 *   apart, the last one in the last week; the last visit a promise half the time ('No estaba' 35 %,
 *   'Se negó' 15 %), older ones a promise a quarter of the time. A promise is for the visit's day up
 *   to 7 days later (so some are for today, some broken, some still ahead) and for a week's installment
 *   or what is left unpaid, if less;
 * - kept promises: 10 % of the PAID payments of the last 28 days on loans still open were preceded,
 *   1–3 days before, by a visit promising the installments that payment paid, by the day it was paid
 *   or up to 2 days later.
 *
 * Visits happen after the loan was delivered (or restructured), 08:00–20:00 on the business clock, by
 * the loan's agent, and reach the server 2 minutes later.
 */
import { PROMISE_OUTCOME } from '@prestaya/domain';
import { UNIT_OF as U, UUID_V7_FROM } from './ledger.ts';

const NOTES = {
  PROMISE: [
    'Paga el viernes después de cobrar su quincena',
    'Dice que su hijo le deposita esta semana',
    'Promete pasar a la oficina a pagar',
  ],
  NOT_HOME: [
    'Nadie abrió; se dejó aviso con la vecina',
    'El domicilio estaba cerrado',
    'Su esposa dice que está trabajando fuera',
  ],
  REFUSED: ['Dice que ya no va a pagar', 'No quiso atender', 'Pide que no lo visiten en su trabajo'],
} as const;

const quoted = (texts: readonly string[]) => `array[${texts.map((t) => `'${t}'`).join(', ')}]`;

/** A note for the visit (60 % have one) drawn by `key`. */
const noteOf = (outcome: string, key: string) => `case when ${U(`'note' || ${key}`)} < 0.6 then
    case ${outcome}
      when 'PROMISE' then (${quoted(NOTES.PROMISE)})[1 + floor(${U(`'text' || ${key}`)} * ${NOTES.PROMISE.length})::int]
      when 'NOT_HOME' then (${quoted(NOTES.NOT_HOME)})[1 + floor(${U(`'text' || ${key}`)} * ${NOTES.NOT_HOME.length})::int]
      else (${quoted(NOTES.REFUSED)})[1 + floor(${U(`'text' || ${key}`)} * ${NOTES.REFUSED.length})::int] end end`;

/** One statement: run it with the secondary indexes dropped, before they are rebuilt. */
export function visitsStatement(options: { today: string; timeZone: string }): string {
  const today = `'${options.today}'::date`;
  const zone = `'${options.timeZone}'`;
  const promise = `'${PROMISE_OUTCOME}'`;
  return `
    insert into visits (id, loan_id, customer_id, agent_id, outcome, visited_at, promised_date,
                        promised_amount_cents, note, created_on)
    with visited as materialized (
      select l.id, l.customer_id, l.created_by as agent_id, coalesce(l.restructured_on, l.activated_on) as since,
             ceil(l.total_cents::numeric / l.term_weeks)::bigint as weekly
        from loans l
       where l.status in ('ACTIVE', 'DELAYED')
         and ${U("'visited' || l.id")} < case l.status when 'DELAYED' then 0.45 else 0.06 end
    ),
    -- What is left of the installments neither paid nor held: it only shrinks, so what a visit of
    -- the last weeks saw owed was at least this.
    unpaid as (
      select sp.loan_id, sum(sp.amount_cents - sp.paid_cents) as cents
        from scheduled_payments sp join visited v on v.id = sp.loan_id
       where sp.status not in ('PAID', 'VALIDATING', 'RESTRUCTURED')
       group by sp.loan_id
    ),
    planned as (
      select v.*, coalesce(u.cents, 0) as unpaid_cents, k.k, n.n,
             ${today} - 1 - (n.n - k.k) * 7 - floor(${U("'day' || v.id || k.k")} * 6)::int as day,
             ${U("'outcome' || v.id || k.k")} as draw
        from visited v
        left join unpaid u on u.loan_id = v.id
       cross join lateral (select 1 + floor(${U("'visits' || v.id")} * 3)::int as n) n
       cross join lateral generate_series(1, n.n) as k(k)
    ),
    follow_ups as (
      select p.*, 'follow' || p.id || p.k as key,
             (p.day + make_interval(mins => 480 + floor(${U("'minute' || p.id || p.k")} * 720)::int)) at time zone ${zone} as visited_at,
             case when p.unpaid_cents >= 100
                   and p.draw < case when p.k = p.n then 0.5 else 0.25 end then ${promise}
                  when p.draw < case when p.k = p.n then 0.85 else 0.8 end then 'NOT_HOME'
                  else 'REFUSED' end as outcome
        from planned p
    ),
    candidates as (
      select p.id as payment_id, p.loan_id, l.customer_id, l.created_by as agent_id,
             coalesce(l.restructured_on, l.activated_on) as since,
             (p.created_on at time zone ${zone})::date as paid_day
        from payments p join loans l on l.id = p.loan_id
       where p.status = 'PAID' and not p.recovery and l.status in ('ACTIVE', 'DELAYED')
         and p.created_on >= (${today} - 28)::timestamp at time zone ${zone}
         and ${U("'kept' || p.id")} < 0.1
    ),
    kept as (
      select c.*, 'kept' || c.payment_id as key, sum(i.amount_cents) as cents,
             c.paid_day - 1 - floor(${U("'day' || c.payment_id")} * 3)::int as day
        from candidates c join payment_items i on i.payment_id = c.payment_id
       where i.scheduled_payment_id is not null
       group by c.payment_id, c.loan_id, c.customer_id, c.agent_id, c.since, c.paid_day
    ),
    kept_visits as (
      select k.*, (k.day + make_interval(mins => 480 + floor(${U("'minute' || k.key")} * 720)::int)) at time zone ${zone} as visited_at
        from kept k
    ),
    rows as (
      select f.key, f.id as loan_id, f.customer_id, f.agent_id, f.outcome, f.visited_at,
             case when f.outcome = ${promise} then f.day + floor(${U("'promise' || f.key")} * 8)::int end as promised_date,
             case when f.outcome = ${promise} then least(f.weekly, f.unpaid_cents) / 100 * 100 end as promised_amount_cents
        from follow_ups f where f.visited_at > f.since
      union all
      select k.key, k.loan_id, k.customer_id, k.agent_id, ${promise}, k.visited_at,
             k.paid_day + floor(${U("'promise' || k.key")} * 3)::int, k.cents
        from kept_visits k where k.visited_at > k.since and k.cents > 0
    )
    select ${UUID_V7_FROM('r.visited_at', "'visit' || r.key")}, r.loan_id, r.customer_id, r.agent_id, r.outcome,
           r.visited_at, r.promised_date, r.promised_amount_cents, ${noteOf('r.outcome', 'r.key')},
           r.visited_at + interval '2 minutes'
      from rows r`;
}
