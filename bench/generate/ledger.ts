/**
 * The cash ledger of the generated history, derived in SQL from what the loans and payments tables
 * say happened (docs/architecture.md "Loan lifecycle and the cash ledger"), in time order per account:
 * Reserva (VIRTUAL_WITHDRAWAL, balance −amount) at approval, Entrega (WITHDRAWAL, real −amount) at
 * delivery, Liberación (RELEASE, balance +amount) when an approved loan was cancelled, Abono
 * (PAYMENT_DEPOSIT, both +amount) when a payment was confirmed, 'Recuperación' when it was a written-off
 * loan's. Each account opens with a 'Saldo inicial' DEPOSIT large enough that its balance never went
 * below zero, and its balances end as opening + Σ movements, the invariant the app keeps. Ids are
 * UUIDv7 of the movement's instant with the rest from md5(type, loan/payment id), so a rerun writes the
 * same rows.
 */

/** UUIDv7 of `at` whose other bits are md5(`key`): version 0111 in byte 6, variant 10 in byte 8. */
export const UUID_V7_FROM = (
  at: string,
  key: string,
) => `encode(set_bit(set_bit(set_bit(set_bit(set_bit(set_bit(
    overlay(decode(md5(${key}), 'hex')
      placing substring(int8send((extract(epoch from ${at}) * 1000)::bigint) from 3) from 1 for 6),
    52, 1), 53, 1), 54, 1), 55, 0), 70, 0), 71, 1), 'hex')::uuid`;

/** A number in [0, 1) from md5(`key`): a deterministic draw in SQL, independent of any other. */
export const UNIT_OF = (key: string) =>
  `(('x' || substr(md5(${key}), 1, 8))::bit(32)::bigint / 4294967296.0)`;

const COLUMNS = `id, account_id, created_on, operation_type, amount_cents, initial_balance_cents,
  initial_real_balance_cents, end_balance_cents, end_real_balance_cents, reason, loan_id, payment_id, created_by`;

/** One statement (data-modifying CTEs), so it runs on one connection and all or nothing. */
export function ledgerStatement(adminId: string): string {
  return `
    with events as (
      select l.bank_account_id as account_id, l.approved_on as at,
             'VIRTUAL_WITHDRAWAL'::text as operation_type, l.amount_cents,
             -l.amount_cents as d_balance, 0::bigint as d_real,
             'Reserva préstamo #' || l.num as reason, l.id as loan_id, null::uuid as payment_id
        from loans l where l.bank_account_id is not null and l.approved_on is not null
      union all
      select l.bank_account_id, l.activated_on, 'WITHDRAWAL', l.amount_cents, 0, -l.amount_cents,
             'Entrega préstamo #' || l.num, l.id, null
        from loans l where l.bank_account_id is not null and l.activated_on is not null
      union all
      select l.bank_account_id, l.updated_on, 'RELEASE', l.amount_cents, l.amount_cents, 0,
             'Liberación préstamo #' || l.num, l.id, null
        from loans l
       where l.status = 'CANCELLED' and l.bank_account_id is not null and l.approved_on is not null
      union all
      select p.bank_account_id, p.decided_on, 'PAYMENT_DEPOSIT', p.amount_cents, p.amount_cents,
             p.amount_cents,
             -- modules/payments/messages.ts: abonoReason, recoveryReason (a written-off loan's payment).
             case when p.recovery then 'Recuperación préstamo castigado #' else 'Abono préstamo #' end || l.num,
             l.id, p.id
        from payments p join loans l on l.id = p.loan_id
       where p.status = 'PAID'
    ),
    -- The app lists an account's movements by (created_on, id); the running balances follow that order.
    identified as (
      select ${UUID_V7_FROM('e.at', 'e.operation_type || coalesce(e.payment_id, e.loan_id)::text')} as id, e.*
        from events e
    ),
    running as (
      select e.*, sum(e.d_balance) over w as run_balance, sum(e.d_real) over w as run_real
        from identified e
      window w as (partition by e.account_id order by e.at, e.id rows unbounded preceding)
    ),
    -- Opening balance: the lowest running balance, lifted above zero, rounded up to a million pesos.
    openings as (
      select a.id as account_id, a.created_on,
             ((greatest(0, -coalesce(min(r.run_balance), 0)) / 100000000) + 1) * 100000000 as opening,
             coalesce(sum(r.d_balance), 0) as total_balance, coalesce(sum(r.d_real), 0) as total_real
        from bank_accounts a left join running r on r.account_id = a.id
       group by a.id, a.created_on
    ),
    opening_rows as (
      insert into account_transactions (${COLUMNS})
      select ${UUID_V7_FROM('o.created_on', "'DEPOSIT' || o.account_id::text")}, o.account_id, o.created_on,
             'DEPOSIT', o.opening, 0, 0, o.opening, o.opening, 'Saldo inicial', null, null, '${adminId}'
        from openings o
      returning 1
    ),
    balances as (
      update bank_accounts a
         set balance_cents = o.opening + o.total_balance, real_balance_cents = o.opening + o.total_real
        from openings o where o.account_id = a.id
      returning 1
    )
    insert into account_transactions (${COLUMNS})
    select r.id, r.account_id, r.at, r.operation_type, r.amount_cents,
           o.opening + r.run_balance - r.d_balance, o.opening + r.run_real - r.d_real,
           o.opening + r.run_balance, o.opening + r.run_real,
           r.reason, r.loan_id, r.payment_id, '${adminId}'
      from running r join openings o on o.account_id = r.account_id
     order by r.account_id, r.at, r.id`;
}
