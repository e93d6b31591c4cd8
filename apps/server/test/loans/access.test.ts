import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { customersApi, loansApi } from '../support/api.ts';
import { createUserAndLogin, expectProblem, useTestApp } from '../support/app.ts';
import { businessToday } from '../support/clock.ts';
import { storedLoanState } from '../support/records.ts';
import { expectLedger, openAccount, useLoanWorld } from '../support/worlds.ts';

const context = useTestApp();
const api = loansApi(context);
const world = useLoanWorld(context);

const ADMIN_ONLY = 'No tiene permisos para esta operación';
const ADMIN_ONLY_REQUEST_FIELDS =
  'Solo un administrador puede indicar la fecha de solicitud o un préstamo ya iniciado';

describe('anonymous callers', () => {
  it('get 401 on every loans endpoint', async () => {
    const id = uuidv7();
    const replies = await Promise.all([
      api.listOfCustomer('', id),
      api.create('', id, { amount: 1_000 }),
      api.list(''),
      api.get('', id),
      api.update('', id, { amount: 1_000 }),
      api.approve('', id, { bankAccountId: id }),
      api.activate('', id),
      api.schedule('', id),
    ]);
    for (const reply of replies) expectProblem(reply, 401, 'Sesión inválida o expirada');
  });
});

describe('an agent', () => {
  it('requests and edits loans of their customers but cannot approve, deliver, list all or edit status', async () => {
    const { admin, agent, customer } = world;
    const account = await openAccount(context, admin, 50_000);
    const loan = await api.createOk(agent.token, customer.id);
    const before = await storedLoanState(context);

    expectProblem(await api.approve(agent.token, loan.id, { bankAccountId: account.id }), 403, ADMIN_ONLY);
    expectProblem(await api.activate(agent.token, loan.id), 403, ADMIN_ONLY);
    expectProblem(await api.list(agent.token), 403, ADMIN_ONLY);
    expectProblem(await api.list(agent.token, '?q=PENDING'), 403, ADMIN_ONLY);
    // Refused before the body is read: even an invalid approval is a 403.
    expectProblem(await api.approve(agent.token, loan.id, { bankAccountId: 'x' }), 403, ADMIN_ONLY);
    expectProblem(
      await api.update(agent.token, loan.id, { status: 'CANCELLED' }),
      403,
      'Solo un administrador puede cambiar el estatus de un préstamo',
    );
    expectProblem(
      await api.update(agent.token, loan.id, { requestDate: '2024-01-01' }),
      403,
      ADMIN_ONLY_REQUEST_FIELDS,
    );
    expectProblem(
      await api.update(agent.token, loan.id, { loanFromPast: true }),
      403,
      ADMIN_ONLY_REQUEST_FIELDS,
    );
    expect(await storedLoanState(context)).toEqual(before);

    await api.approveOk(admin.token, loan.id, account.id);
    const afterApproval = await storedLoanState(context);
    expectProblem(
      await api.update(agent.token, loan.id, { status: 'CANCELLED' }),
      403,
      /^Solo un administrador/,
    );
    expectProblem(await api.activate(agent.token, loan.id), 403, ADMIN_ONLY);
    expect(await storedLoanState(context)).toEqual(afterApproval);
    await expectLedger(context);
  });

  it('cannot set requestDate or loanFromPast on a request (403), but may echo today as the form does', async () => {
    const { agent, customer } = world;
    const before = await storedLoanState(context);
    for (const payload of [
      { amount: 1_000, requestDate: '2024-01-01' },
      { amount: 1_000, loanFromPast: true },
      { amount: 1_000, requestDate: '2024-01-01', loanFromPast: true },
    ]) {
      expectProblem(await api.create(agent.token, customer.id, payload), 403, ADMIN_ONLY_REQUEST_FIELDS);
    }
    expect(await storedLoanState(context)).toEqual(before);
    const loan = await api.createOk(agent.token, customer.id, {
      amount: 1_000,
      requestDate: businessToday(),
      loanFromPast: false,
      status: 'PENDING',
    });
    expect(loan).toMatchObject({ requestDate: businessToday(), loanFromPast: false });
  });

  it("gets 404 on every endpoint for another agent's customer and loans", async () => {
    const { admin, agent, customer } = world;
    const other = await createUserAndLogin(context, { name: 'Beto', lastName: 'Otro' });
    const othersCustomer = await customersApi(context).createOk(other.token, {
      name: 'Carla',
      lastName: 'Ruiz',
      phone: '5522222222',
    });
    const othersLoan = await api.createOk(other.token, othersCustomer.id);
    const account = await openAccount(context, admin, 50_000);
    await api.approveOk(admin.token, othersLoan.id, account.id);
    await api.activateOk(admin.token, othersLoan.id);
    const before = await storedLoanState(context);

    expectProblem(await api.listOfCustomer(agent.token, othersCustomer.id), 404, 'Cliente no encontrado');
    expectProblem(
      await api.create(agent.token, othersCustomer.id, { amount: 1_000 }),
      404,
      'Cliente no encontrado',
    );
    expectProblem(await api.get(agent.token, othersLoan.id), 404, 'Préstamo no encontrado');
    expectProblem(
      await api.update(agent.token, othersLoan.id, { amount: 2_000 }),
      404,
      'Préstamo no encontrado',
    );
    expectProblem(await api.update(agent.token, othersLoan.id, {}), 404, 'Préstamo no encontrado');
    expectProblem(await api.schedule(agent.token, othersLoan.id), 404, 'Préstamo no encontrado');
    expect(await storedLoanState(context)).toEqual(before);

    // Their own customer's loans are theirs; the other agent's list does not show them.
    const own = await api.createOk(agent.token, customer.id);
    const ownList = await api.listOfCustomer(agent.token, customer.id);
    expect(ownList.json().data.map((l: { id: string }) => l.id)).toEqual([own.id]);
    expectProblem(await api.get(other.token, own.id), 404, 'Préstamo no encontrado');
    expect((await api.get(agent.token, own.id)).statusCode).toBe(200);

    // An unknown loan or customer reads the same as someone else's.
    expectProblem(await api.get(agent.token, uuidv7()), 404, 'Préstamo no encontrado');
    expectProblem(await api.get(admin.token, uuidv7()), 404, 'Préstamo no encontrado');
    expectProblem(
      await api.approve(admin.token, uuidv7(), { bankAccountId: account.id }),
      404,
      'Préstamo no encontrado',
    );
    expectProblem(await api.activate(admin.token, uuidv7()), 404, 'Préstamo no encontrado');
    expectProblem(await api.listOfCustomer(admin.token, uuidv7()), 404, 'Cliente no encontrado');
    expectProblem(await api.create(admin.token, uuidv7(), { amount: 1 }), 404, 'Cliente no encontrado');
  });

  it('loses access to the loans of a customer reassigned to someone else', async () => {
    const { admin, agent, customer } = world;
    const other = await createUserAndLogin(context, { name: 'Beto', lastName: 'Otro' });
    const loan = await api.createOk(agent.token, customer.id);
    const reassigned = await customersApi(context).update(admin.token, customer.id, {
      name: customer.name,
      lastName: customer.lastName,
      secondLastName: customer.secondLastName,
      phone: customer.phone,
      curp: customer.curp,
      agentId: other.id,
      status: customer.status,
    });
    expect(reassigned.statusCode, reassigned.body).toBe(200);
    expectProblem(await api.get(agent.token, loan.id), 404, 'Préstamo no encontrado');
    expect((await api.get(other.token, loan.id)).statusCode).toBe(200);
  });
});

describe('validation', () => {
  it('names the field for a bad amount, term or daily fee (400), and writes nothing', async () => {
    const { agent, customer } = world;
    const loan = await api.createOk(agent.token, customer.id);
    const before = await storedLoanState(context);
    // [field, bad value, detail]; a request also needs a valid amount unless the amount is the bad field.
    const cases: [string, unknown, string | RegExp][] = [
      ['amount', 0, 'amount: El monto debe ser mayor a 0'],
      ['amount', -5, 'amount: El monto debe ser mayor a 0'],
      // Below $0.10 some of the 12 installments would be $0.00: such a loan could never be delivered.
      ['amount', 0.01, 'amount: El monto mínimo de un préstamo es $0.10'],
      ['amount', 0.09, 'amount: El monto mínimo de un préstamo es $0.10'],
      ['amount', 10.001, 'amount: El monto admite como máximo 2 decimales'],
      ['amount', 'abc', 'amount: Debe ser un monto en pesos'],
      ['term', 6, 'term: El plazo es de 12 semanas'],
      ['dailyFee', 40, 'dailyFee: La multa diaria es de $50'],
      ['requestDate', '15/01/2024', 'requestDate: Fecha inválida, use AAAA-MM-DD'],
      ['loanFromPast', 'yes', /^loanFromPast: /],
    ];
    for (const [field, value, detail] of cases) {
      const created = await api.create(agent.token, customer.id, { amount: 1_000, [field]: value });
      expect(expectProblem(created, 400, detail).errors?.[0]?.field, created.body).toBe(field);
      const updated = await api.update(agent.token, loan.id, { [field]: value });
      expect(expectProblem(updated, 400, detail).errors?.[0]?.field, updated.body).toBe(field);
    }
    expectProblem(await api.create(agent.token, customer.id, {}), 400, /^amount: /);
    expectProblem(await api.create(agent.token, 'not-a-uuid', { amount: 1_000 }), 400, /^id: /);
    expectProblem(await api.get(agent.token, 'not-a-uuid'), 400, /^id: /);
    expect(await storedLoanState(context)).toEqual(before);
  });

  it('refuses bad paging and filters on the lists', async () => {
    const { admin, customer } = world;
    expectProblem(await api.list(admin.token, '?q=NOPE'), 400, 'q: Estatus inválido');
    expectProblem(await api.list(admin.token, '?orderBy=password'), 400, /^orderBy: /);
    expectProblem(await api.listOfCustomer(admin.token, customer.id, '?orderBy=secret'), 400, /^orderBy: /);
    expectProblem(await api.list(admin.token, '?size=101'), 400, /^size: /);
  });
});
