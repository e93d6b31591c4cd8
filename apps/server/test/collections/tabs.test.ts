import type { CollectionCard } from '@prestaya/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { customersApi, loansApi, paymentsApi } from '../support/api.ts';
import { rejection } from '../support/builders.ts';
import { daysBetween } from '../support/clock.ts';
import { namesOf, useCollectionsWorld } from '../support/collections-world.ts';
import { type ActiveLoan, accrue, confirm, openAccount, registerOldest } from '../support/worlds.ts';

const { collections, context, day, loanDue, staff, T, tabOf, WEEK_END } = useCollectionsWorld();

/**
 * GET /api/v1/collections: which loans each tab lists and what each card says is due, hand-computed.
 * Every loan is $1,001: 12 installments of $100.10, fees of $50 a day past due capped at $100.10 per
 * installment (so 50 + 50 + 0.10). A loanFromPast requested R days ago has installment k due R + 7k.
 *
 * Agent Ana (no addresses: route order is by name)
 *   Hugo     requested T−7          installment 1 due today                        due today 100.10
 *   Nico     requested Sunday−6     installment 1 due next Monday: never listed
 *   Olga     requested T−10         installment 1 due T−3, fees T−2, T−1, T          100.10 + 100.10
 *   Paula    requested, not delivered: never listed
 *   Sara     requested Sunday−7     installment 1 due this Sunday (today on a Sunday)
 *   Valeria  requested T−15         installments 1 (T−8), 2 (T−1); fees T−7, T−6, T−5 (installment 1)
 *                                   and T (installment 2)                  100.10 × 2 + 150.10 = 350.30
 * Agent Beto: Bruno requested T−10 (overdue, like Olga): never in Ana's cards.
 */
const TODAY_IS_SUNDAY = WEEK_END === T;

let loans: Record<'hugo' | 'olga' | 'sara' | 'valeria', ActiveLoan>;

beforeEach(async () => {
  loans = {
    hugo: await loanDue(staff.admin, staff.ana, { name: 'Hugo' }),
    olga: await loanDue(staff.admin, staff.ana, { name: 'Olga', requestDate: day(-10) }),
    sara: await loanDue(staff.admin, staff.ana, {
      name: 'Sara',
      requestDate: day(-7 + daysBetween(T, WEEK_END)),
    }),
    valeria: await loanDue(staff.admin, staff.ana, { name: 'Valeria', requestDate: day(-15) }),
  };
  await loanDue(staff.admin, staff.ana, { name: 'Nico', requestDate: day(-6 + daysBetween(T, WEEK_END)) });
  await loanDue(staff.admin, staff.beto, { name: 'Bruno', requestDate: day(-10) });
  const paula = await customersApi(context).createOk(staff.ana.token, {
    name: 'Paula',
    lastName: 'Cobranza',
  });
  await loansApi(context).createOk(staff.ana.token, paula.id, { amount: 2_000 });
  await accrue(context, T);
});

const cardOf = (cards: CollectionCard[], name: string): CollectionCard => {
  const card = cards.find((c) => c.customer.name === name);
  if (!card) throw new Error(`no card for ${name} in ${namesOf(cards).join(', ')}`);
  return card;
};
const amountsOf = (card: CollectionCard) => ({
  installments: card.due.scheduledPayments.map((p) => [p.paymentNumber, p.dueDate, p.amount]),
  fees: card.due.fees.map((f) => [f.feeDate, f.amount]),
  total: card.due.total,
});

describe('the tabs', () => {
  it('Hoy: due today or overdue; Atrasados: overdue; Esta semana: due by Sunday', async () => {
    const today = await tabOf(staff.ana.token, 'today');
    expect(namesOf(today)).toEqual(
      TODAY_IS_SUNDAY ? ['Hugo', 'Olga', 'Sara', 'Valeria'] : ['Hugo', 'Olga', 'Valeria'],
    );
    expect(namesOf(await tabOf(staff.ana.token, 'overdue'))).toEqual(['Olga', 'Valeria']);
    expect(namesOf(await tabOf(staff.ana.token, 'week'))).toEqual(['Hugo', 'Olga', 'Sara', 'Valeria']);
    // 'today' is the default tab.
    expect(namesOf(await collections.listOk(staff.ana.token))).toEqual(namesOf(today));
    expect(today.summary.counts).toEqual({ today: TODAY_IS_SUNDAY ? 4 : 3, week: 4, overdue: 2 });
  });

  it('a card says what is due now by the payment form rule, in exact centavos', async () => {
    const cards = (await tabOf(staff.ana.token, 'today')).data;
    expect(amountsOf(cardOf(cards, 'Hugo'))).toEqual({
      installments: [[1, T, 100.1]],
      fees: [],
      total: 100.1,
    });
    expect(amountsOf(cardOf(cards, 'Olga'))).toEqual({
      installments: [[1, day(-3), 100.1]],
      fees: [
        [day(-2), 50],
        [day(-1), 50],
        [T, 0.1],
      ],
      total: 200.2,
    });
    const valeria = cardOf(cards, 'Valeria');
    expect(amountsOf(valeria)).toEqual({
      installments: [
        [1, day(-8), 100.1],
        [2, day(-1), 100.1],
      ],
      fees: [
        [day(-7), 50],
        [day(-6), 50],
        [day(-5), 0.1],
        [T, 50],
      ],
      total: 350.3,
    });
    // The payment form lists the same items (every payable installment; the card stops at today).
    const pending = await paymentsApi(context).pendingOk(staff.ana.token, loans.valeria.loan.id);
    expect(valeria.due.scheduledPayments).toEqual(pending.scheduledPayments.filter((p) => p.dueDate <= T));
    expect(valeria.due.fees).toEqual(pending.fees);
  });

  it('a card names the loan, customer and agent, and how late the oldest item is', async () => {
    const cards = (await tabOf(staff.ana.token, 'week')).data;
    const olga = cardOf(cards, 'Olga');
    const loan = (await loansApi(context).get(staff.admin.token, loans.olga.loan.id)).json().data;
    expect(olga.loan).toEqual({
      id: loan.id,
      num: loan.num,
      status: loan.status,
      currentBalance: loan.currentBalance,
      restructureCount: 0,
    });
    expect(olga.customer).toMatchObject({ name: 'Olga', lastName: 'Cobranza', phone: '5511112222' });
    expect(olga.address).toBeNull();
    expect(olga.agent).toEqual({ id: staff.ana.id, num: staff.ana.num, name: 'Ana', lastName: 'Agente' });
    expect([olga.oldestDueDate, olga.daysLate]).toEqual([day(-3), 3]);
    expect([cardOf(cards, 'Valeria').oldestDueDate, cardOf(cards, 'Valeria').daysLate]).toEqual([day(-8), 8]);
    expect([cardOf(cards, 'Hugo').daysLate, cardOf(cards, 'Sara').daysLate]).toEqual([
      0,
      daysBetween(WEEK_END, T),
    ]);
  });

  it("Esta semana's cards also carry the installments due by Sunday", async () => {
    const olga = cardOf((await tabOf(staff.ana.token, 'week')).data, 'Olga');
    // Installment 2 is due T+4: this week unless the week ends sooner.
    const second = day(4) <= WEEK_END ? [[2, day(4), 100.1]] : [];
    expect(amountsOf(olga).installments).toEqual([[1, day(-3), 100.1], ...second]);
    expect(olga.due.total).toBe(second.length > 0 ? 300.3 : 200.2);
  });
});

describe('payments taken today', () => {
  it('leave the items in validation out of the card and count as collected', async () => {
    // Installment 1 and every fee of Valeria: 100.10 + 150.10.
    const payment = await registerOldest(context, staff.ana, loans.valeria.loan.id, 1);
    expect(payment.amount).toBe(250.2);
    // Hugo pays all that is due: his card leaves 'Hoy', his payment still counts.
    await registerOldest(context, staff.ana, loans.hugo.loan.id, 1);

    const today = await tabOf(staff.ana.token, 'today');
    expect(namesOf(today)).toEqual(TODAY_IS_SUNDAY ? ['Olga', 'Sara', 'Valeria'] : ['Olga', 'Valeria']);
    const valeria = cardOf(today.data, 'Valeria');
    expect(amountsOf(valeria)).toEqual({ installments: [[2, day(-1), 100.1]], fees: [], total: 100.1 });
    expect([valeria.oldestDueDate, valeria.daysLate, valeria.collectedToday]).toEqual([day(-1), 1, 250.2]);
    expect(cardOf(today.data, 'Olga').collectedToday).toBe(0);
    expect(today.summary).toEqual({
      // Olga 200.20 + Valeria 100.10 (+ Sara 100.10 on a Sunday).
      toCollectToday: TODAY_IS_SUNDAY ? 400.4 : 300.3,
      collectedToday: 350.3,
      counts: { today: TODAY_IS_SUNDAY ? 3 : 2, week: 3, overdue: 2 },
    });
  });

  it('count once confirmed, and no longer once rejected', async () => {
    const account = await openAccount(context, staff.admin, 1_000, 'Caja');
    const valeria = await registerOldest(context, staff.ana, loans.valeria.loan.id, 1);
    const hugo = await registerOldest(context, staff.ana, loans.hugo.loan.id, 1);
    await confirm(context, staff.admin, hugo.id, account.id);
    await paymentsApi(context).decideOk(staff.admin.token, valeria.id, rejection());

    const today = await tabOf(staff.ana.token, 'today');
    expect(today.summary.collectedToday).toBe(100.1);
    // Rejected: Valeria owes everything again.
    expect(cardOf(today.data, 'Valeria').due.total).toBe(350.3);
    expect(cardOf(today.data, 'Valeria').collectedToday).toBe(0);
  });
});

describe('the summary', () => {
  it('covers the whole scope, not the page nor the search', async () => {
    const onePage = await collections.listOk(staff.ana.token, '?tab=today&size=1&query=olga');
    expect(namesOf(onePage)).toEqual(['Olga']);
    expect([onePage.totalDocuments, onePage.totalPages]).toEqual([1, 1]);
    expect(onePage.summary).toEqual({
      // Hugo 100.10 + Olga 200.20 + Valeria 350.30 (+ Sara 100.10 on a Sunday).
      toCollectToday: TODAY_IS_SUNDAY ? 750.7 : 650.6,
      collectedToday: 0,
      counts: { today: TODAY_IS_SUNDAY ? 4 : 3, week: 4, overdue: 2 },
    });
  });
});
