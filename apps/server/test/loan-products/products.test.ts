import type { LoanProduct } from '@prestaya/contracts';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows.ts';
import { expectProblem, request } from '../support/app.ts';
import { businessToday } from '../support/clock.ts';
import { useLoansWorld } from '../support/loans-world.ts';
import { auditRowsOf } from '../support/records.ts';
import { expectReportTallies } from '../support/report-tallies-invariant.ts';
import {
  accrue,
  backdateRegistration,
  expectLedger,
  openAccount,
  secondCustomer,
} from '../support/worlds.ts';

const { api, context, world } = useLoansWorld();

const products = (token: string) =>
  request(context.app, { method: 'GET', url: '/api/v1/loan-products', token });
const createProduct = (token: string, payload: unknown) =>
  request(context.app, { method: 'POST', url: '/api/v1/loan-products', token, payload: payload as object });
const editProduct = (token: string, id: string, payload: unknown) =>
  request(context.app, {
    method: 'PUT',
    url: `/api/v1/loan-products/${id}`,
    token,
    payload: payload as object,
  });
const setActive = (token: string, id: string, active: boolean) =>
  request(context.app, { method: 'PATCH', url: `/api/v1/loan-products/${id}`, token, payload: { active } });

/** A product 'Quincenal 8': 8 weekly installments, 16 % flat, $30 a day, cap 5 %, $2,000 to $20,000. */
const shortProduct = (overrides: Record<string, unknown> = {}) => ({
  name: 'Quincenal 8',
  termWeeks: 8,
  interestPercent: 16,
  dailyFee: 30,
  lateFeeCapPercent: 5,
  minAmount: 2_000,
  maxAmount: 20_000,
  renewalThreshold: 6,
  payoffDiscountPercent: 50,
  ...overrides,
});

async function createOk(payload: unknown = shortProduct()): Promise<LoanProduct> {
  const response = await createProduct(world.admin.token, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function productsOk(token: string): Promise<LoanProduct[]> {
  const response = await products(token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

describe('loan products', () => {
  it("a new installation has one active product equal to the specification's", async () => {
    expect(await productsOk(world.admin.token)).toEqual([
      {
        id: expect.any(String),
        name: 'Semanal 12',
        termWeeks: 12,
        interestPercent: 20,
        dailyFee: 50,
        lateFeeCapPercent: 10,
        minAmount: 100,
        maxAmount: 50_000,
        renewalThreshold: 8,
        payoffDiscountPercent: 0,
        active: true,
        createdOn: expect.any(String),
        updatedOn: expect.any(String),
      },
    ]);
  });

  it('administrators create, edit, deactivate and activate them, audited with names; agents read the active ones', async () => {
    const { admin, agent } = world;
    const created = await createOk();
    expect(created).toMatchObject({ ...shortProduct(), active: true });

    const edited = await editProduct(admin.token, created.id, shortProduct({ interestPercent: 18.5 }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ interestPercent: 18.5, name: 'Quincenal 8' });

    const off = await setActive(admin.token, created.id, false);
    expect(off.statusCode, off.body).toBe(200);
    expect((await productsOk(agent.token)).map((p) => p.name)).toEqual(['Semanal 12']);
    expect((await productsOk(admin.token)).map((p) => [p.name, p.active])).toEqual([
      ['Semanal 12', true],
      ['Quincenal 8', false],
    ]);
    expect((await setActive(admin.token, created.id, true)).statusCode).toBe(200);
    expect((await productsOk(agent.token)).map((p) => p.name)).toEqual(['Quincenal 8', 'Semanal 12']);

    const audit = await auditRowsOf(context, created.id);
    expect(audit.map((row) => [row.entity, row.action, row.user_id])).toEqual([
      ['loan_product', 'created', admin.id],
      ['loan_product', 'updated', admin.id],
      ['loan_product', 'product_deactivated', admin.id],
      ['loan_product', 'product_activated', admin.id],
    ]);
    expect(audit[1]).toMatchObject({ before: { interestPercent: 16 }, after: { interestPercent: 18.5 } });
    const trail = await request(context.app, {
      method: 'GET',
      url: `/api/v1/audit?entity=loan_product&size=10`,
      token: admin.token,
    });
    expect(trail.statusCode, trail.body).toBe(200);
    for (const entry of trail.json().data) expect(entry.names?.[created.id]).toBe('Quincenal 8');
  });

  it('are for administrators: an agent gets 403 on every write', async () => {
    const { admin, agent } = world;
    const [spec] = await productsOk(admin.token);
    const id = spec?.id ?? '';
    expectProblem(await createProduct(agent.token, shortProduct()), 403);
    expectProblem(await editProduct(agent.token, id, shortProduct()), 403);
    expectProblem(await setActive(agent.token, id, false), 403);
    expectProblem(await products(''), 401);
    expect(await productsOk(admin.token)).toHaveLength(1);
  });

  it('refuses bounds and contradictions naming the field, and duplicate names in any case', async () => {
    const { admin } = world;
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ name: '  ' }, 'name: El nombre es requerido'],
      [{ termWeeks: 0 }, 'termWeeks: El plazo debe ser de 1 a 104 semanas'],
      [{ termWeeks: 2.5 }, 'termWeeks: El plazo debe ser un número entero'],
      [{ interestPercent: 20.001 }, 'interestPercent: El interés admite como máximo 2 decimales'],
      [{ interestPercent: 201 }, 'interestPercent: El interés debe estar entre 0 % y 200 %'],
      [{ lateFeeCapPercent: -1 }, 'lateFeeCapPercent: El tope de multas debe estar entre 0 % y 100 %'],
      [{ minAmount: 99.99 }, 'minAmount: El monto mínimo debe estar entre $100 y $10,000,000'],
      [{ minAmount: 5_000, maxAmount: 4_000 }, 'maxAmount: El monto máximo no puede ser menor que el mínimo'],
      [{ renewalThreshold: 9 }, 'renewalThreshold: La renovación no puede pedir más pagos que el plazo'],
      [{ payoffDiscountPercent: 100.5 }, /^payoffDiscountPercent: /],
      [{ extra: 1 }, /extra/],
    ];
    for (const [fields, detail] of cases) {
      expectProblem(await createProduct(admin.token, shortProduct(fields)), 400, detail);
    }
    await createOk();
    expectProblem(
      await createProduct(admin.token, shortProduct({ name: 'QUINCENAL 8' })),
      409,
      'name: Ya existe un producto con ese nombre',
    );
    const spec = (await productsOk(admin.token)).find((p) => p.name === 'Semanal 12');
    expectProblem(
      await editProduct(admin.token, spec?.id ?? '', shortProduct({ name: 'quincenal 8' })),
      409,
      'name: Ya existe un producto con ese nombre',
    );
    expectProblem(await editProduct(admin.token, uuidv7(), shortProduct()), 404, 'Producto no encontrado');
    expect(await productsOk(admin.token)).toHaveLength(2);
  });

  it('refuses deactivating the last active product (409), and so keeps one active', async () => {
    const { admin } = world;
    const [spec] = await productsOk(admin.token);
    const specId = spec?.id ?? '';
    expectProblem(
      await setActive(admin.token, specId, false),
      409,
      'Debe quedar al menos un producto activo',
    );
    const other = await createOk();
    expect((await setActive(admin.token, specId, false)).statusCode).toBe(200);
    expectProblem(
      await setActive(admin.token, other.id, false),
      409,
      'Debe quedar al menos un producto activo',
    );
    // Two deactivations at once: the rows are locked, so exactly one of them passes.
    expect((await setActive(admin.token, specId, true)).statusCode).toBe(200);
    const both = await Promise.all([
      setActive(admin.token, specId, false),
      setActive(admin.token, other.id, false),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await productsOk(admin.token)).filter((p) => p.active)).toHaveLength(1);
  });
});

describe('a loan under a product', () => {
  it('uses the only active product without productId (the spec call), and needs one when several are active', async () => {
    const { admin, agent, customer } = world;
    const loan = await api.createOk(agent.token, customer.id, { amount: 10_000 });
    expect(loan).toMatchObject({
      product: { name: 'Semanal 12' },
      term: 12,
      dailyFee: 50,
      weeklyFee: 1_000,
      interestRate: 0.2,
      totalToRepay: 12_000,
      installmentAmount: 1_000,
    });

    const short = await createOk();
    const other = await secondCustomer(context, agent);
    const body = { amount: 10_000 };
    expectProblem(
      await api.create(agent.token, other.id, body),
      400,
      'productId: Seleccione el producto del préstamo',
    );
    const spec = (await productsOk(admin.token)).find((p) => p.name === 'Semanal 12');
    const chosen = await api.createOk(agent.token, other.id, { ...body, productId: short.id });
    expect(chosen).toMatchObject({
      product: { id: short.id, name: 'Quincenal 8' },
      term: 8,
      dailyFee: 30,
      weeklyFee: 500,
      interestRate: 0.16,
      totalToRepay: 11_600,
      installmentAmount: 1_450,
      lateFeeCapRate: 0.05,
      renewalThreshold: 6,
      payoffDiscountRate: 0.5,
    });
    // A deactivated product can no longer be chosen.
    await setActive(admin.token, short.id, false);
    const third = await secondCustomer(context, agent, { curp: 'GOMJ800102HDFZRS03', phone: '5511112222' });
    expectProblem(
      await api.create(agent.token, third.id, { ...body, productId: short.id }),
      400,
      'productId: El producto no existe o no está activo',
    );
    expect(await api.createOk(agent.token, third.id, { ...body, productId: spec?.id })).toMatchObject({
      term: 12,
    });
  });

  it("refuses amounts below $100, below the product's minimum or above its maximum, and a term or fee not the product's", async () => {
    const { agent, customer } = world;
    const short = await createOk();
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 99.99 }, 'amount: El monto mínimo de un préstamo es $100.00'],
      [
        { amount: 1_999.99, productId: short.id },
        'amount: El monto mínimo del producto Quincenal 8 es $2,000.00',
      ],
      [
        { amount: 20_000.01, productId: short.id },
        'amount: El monto máximo del producto Quincenal 8 es $20,000.00',
      ],
      [{ amount: 5_000, productId: short.id, term: 12 }, 'term: El plazo es de 8 semanas'],
      [{ amount: 5_000, productId: short.id, dailyFee: 50 }, 'dailyFee: La multa diaria es de $30'],
    ];
    for (const [payload, detail] of cases) {
      const productId =
        payload.productId ?? (await productsOk(world.admin.token)).find((p) => p.name === 'Semanal 12')?.id;
      expectProblem(await api.create(agent.token, customer.id, { productId, ...payload }), 400, detail);
    }
    expect(
      (await api.createOk(agent.token, customer.id, { amount: 2_000, productId: short.id })).amount,
    ).toBe(2_000);
  });

  it('keeps its copy of the terms when the product is edited, and an edit of its amount uses that copy', async () => {
    const { admin, agent, customer } = world;
    const short = await createOk();
    const loan = await api.createOk(agent.token, customer.id, { amount: 5_000, productId: short.id });
    expect(loan).toMatchObject({ term: 8, totalToRepay: 5_800, weeklyFee: 250 });

    const edited = await editProduct(
      admin.token,
      short.id,
      shortProduct({
        termWeeks: 10,
        interestPercent: 30,
        dailyFee: 40,
        lateFeeCapPercent: 8,
        minAmount: 3_000,
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const after = (await api.get(agent.token, loan.id)).json().data;
    expect(after).toEqual(loan);

    // A new amount keeps the loan's own 16 % over 8 weeks, within the product's limits of today.
    expectProblem(
      await api.update(agent.token, loan.id, { amount: 2_500 }),
      400,
      'amount: El monto mínimo del producto Quincenal 8 es $3,000.00',
    );
    const changed = await api.update(agent.token, loan.id, { amount: 4_000, term: 8, dailyFee: 30 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ term: 8, totalToRepay: 4_640, weeklyFee: 200, dailyFee: 30 });

    // Delivered: its schedule and fees follow its copy (8 installments, $30 a day, cap $200).
    const account = await openAccount(context, admin, 50_000);
    await api.approveOk(admin.token, loan.id, account.id);
    await api.activateOk(admin.token, loan.id);
    const schedule = await api.scheduleOk(admin.token, loan.id);
    expect(schedule.map((p) => p.amount)).toEqual([580, 580, 580, 580, 580, 580, 580, 580]);
    expect(schedule.at(-1)?.concept).toBe('Pago 8 de 8');
    await expectLedger(context);
    await expectReportTallies(context.database.db);

    await backdateRegistration(context, loan.id, 30);
    await context.database.db.execute(
      sql`update scheduled_payments set due_date = due_date - 28 where loan_id = ${loan.id}`,
    );
    await accrue(context, businessToday());
    const fees = rowsOf<{ n: number; total: string }>(
      await context.database.db.execute(
        sql`select count(*)::int as n, sum(amount_cents)::text as total from fees
            where loan_id = ${loan.id} and scheduled_payment_id = (
              select id from scheduled_payments where loan_id = ${loan.id} and payment_number = 1)`,
      ),
    )[0];
    // 7 days × $30 = $210 > cap $200: six of $30 and a last one of $20.
    expect(fees).toEqual({ n: 7, total: '20000' });
    await expectLedger(context);
  });

  it('changes product while PENDING (copying its terms again), never after approval', async () => {
    const { admin, agent, customer } = world;
    const short = await createOk();
    const loan = await api.createOk(agent.token, customer.id, { amount: 5_000, productId: short.id });
    const [spec] = (await productsOk(admin.token)).filter((p) => p.name === 'Semanal 12');
    const moved = await api.update(agent.token, loan.id, { productId: spec?.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({
      product: { name: 'Semanal 12' },
      term: 12,
      totalToRepay: 6_000,
    });
    const account = await openAccount(context, admin, 50_000);
    await api.approveOk(admin.token, loan.id, account.id);
    expectProblem(
      await api.update(admin.token, loan.id, { productId: short.id }),
      409,
      'Solo se puede modificar el monto mientras el préstamo está en espera',
    );
    await expectLedger(context);
  });
});
