import { describe, expect, it } from 'vitest';
import { customerDocumentsApi, loansApi } from '../support/api.ts';
import { createUserAndLogin, expectProblem, request, type TestUser, useTestApp } from '../support/app.ts';
import { documentParts, fixture } from '../support/builders.ts';
import { businessToday } from '../support/clock.ts';
import { auditRowsOf, countOf } from '../support/records.ts';
import { openAccount, useLoanWorld } from '../support/worlds.ts';

/**
 * The expediente (INE front and back, a proof of address with its date inside the window), the
 * identity policy administrators set, and the approval it can require.
 */
const context = useTestApp();
const documents = customerDocumentsApi(context);
const loans = loansApi(context);
const world = useLoanWorld(context);
const png = fixture('proof.png');

const expedienteOf = async (user: TestUser, customerId = world.customer.id) => {
  const response = await request(context.app, {
    method: 'GET',
    url: `/api/v1/customers/${customerId}/expediente`,
    token: user.token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

const settings = (user: TestUser, payload?: object) =>
  request(context.app, {
    method: payload ? 'PUT' : 'GET',
    url: '/api/v1/identity-settings',
    token: user.token,
    ...(payload ? { payload } : {}),
  });

const upload = (type: string, documentDate?: string | null) =>
  documents.uploadOk(
    world.agent.token,
    world.customer.id,
    documentParts(png, { type, ...(documentDate === undefined ? {} : { documentDate }) }),
  );

/** `today` moved `months` back (the 28th at most, so every month has the day). */
function monthsAgo(today: string, months: number, day = today.slice(8)): string {
  const date = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1 - months, 1));
  return `${date.toISOString().slice(0, 8)}${day}`;
}

describe('GET /api/v1/customers/{id}/expediente', () => {
  it('lists what is missing until both INE sides and a dated proof of address are there', async () => {
    expect(await expedienteOf(world.agent)).toEqual({
      complete: false,
      missing: [
        { gap: 'INE_FRONT', label: 'INE (frente)' },
        { gap: 'INE_BACK', label: 'INE (reverso)' },
        { gap: 'PROOF_OF_ADDRESS', label: 'Comprobante de domicilio' },
      ],
      proofOfAddressMaxMonths: 3,
    });
    await upload('INE_FRONT');
    await upload('INE_BACK');
    const proof = await upload('PROOF_OF_ADDRESS', businessToday());
    expect(proof.documentDate).toBe(businessToday());
    expect((await auditRowsOf(context, proof.id))[0]?.after).toMatchObject({ documentDate: businessToday() });
    expect(await expedienteOf(world.admin)).toEqual({
      complete: true,
      missing: [],
      proofOfAddressMaxMonths: 3,
    });
  });

  it('calls a proof older than the window expired, and follows the window the policy sets', async () => {
    await upload('INE_FRONT');
    await upload('INE_BACK');
    await upload('PROOF_OF_ADDRESS', monthsAgo(businessToday(), 4, '01'));
    expect((await expedienteOf(world.agent)).missing).toEqual([
      { gap: 'PROOF_OF_ADDRESS_EXPIRED', label: 'Comprobante de domicilio vencido (más de 3 meses)' },
    ]);
    await settings(world.admin, { requireCompleteExpediente: false, proofOfAddressMaxMonths: 6 });
    expect((await expedienteOf(world.agent)).complete).toBe(true);
  });

  it('is 404 for another agent’s customer', async () => {
    const other = await createUserAndLogin(context, { username: 'otro@prestaya.mx' });
    const response = await request(context.app, {
      method: 'GET',
      url: `/api/v1/customers/${world.customer.id}/expediente`,
      token: other.token,
    });
    expectProblem(response, 404, 'Cliente no encontrado');
  });
});

describe('the proof of address date', () => {
  it('is required for a proof of address and may not be in the future; nothing is stored', async () => {
    const missing = await documents.upload(
      world.agent.token,
      world.customer.id,
      documentParts(png, { type: 'PROOF_OF_ADDRESS', documentDate: null }),
    );
    expectProblem(missing, 400, 'documentDate: La fecha del comprobante es requerida');
    const tomorrow = new Date(Date.parse(`${businessToday()}T00:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10);
    const future = await documents.upload(
      world.agent.token,
      world.customer.id,
      documentParts(png, { type: 'PROOF_OF_ADDRESS', documentDate: tomorrow }),
    );
    expectProblem(future, 400, 'documentDate: La fecha del comprobante no puede ser futura');
    expect(await countOf(context, 'customer_documents')).toBe(0);
  });

  it('is ignored for the other types', async () => {
    const front = await upload('INE_FRONT', businessToday());
    expect(front.documentDate).toBeNull();
  });
});

describe('/api/v1/identity-settings', () => {
  it('answers the defaults, is for administrators only, and audits a change', async () => {
    expect((await settings(world.admin)).json().data).toEqual({
      requireCompleteExpediente: false,
      proofOfAddressMaxMonths: 3,
    });
    expectProblem(await settings(world.agent), 403);
    expectProblem(
      await settings(world.agent, { requireCompleteExpediente: true, proofOfAddressMaxMonths: 3 }),
      403,
    );
    expectProblem(
      await settings(world.admin, { requireCompleteExpediente: true, proofOfAddressMaxMonths: 13 }),
      400,
      'proofOfAddressMaxMonths: Los meses deben ser un número entero entre 1 y 12',
    );
    const saved = await settings(world.admin, {
      requireCompleteExpediente: true,
      proofOfAddressMaxMonths: 2,
    });
    expect(saved.json().data).toEqual({ requireCompleteExpediente: true, proofOfAddressMaxMonths: 2 });
    expect((await settings(world.admin)).json().data).toEqual({
      requireCompleteExpediente: true,
      proofOfAddressMaxMonths: 2,
    });
    const [audit] = await auditRowsOf(context, '00000000-0000-0000-0000-000000000003');
    expect(audit).toMatchObject({
      user_id: world.admin.id,
      entity: 'identity_settings',
      action: 'updated',
      before: { requireCompleteExpediente: false, proofOfAddressMaxMonths: 3 },
      after: { requireCompleteExpediente: true, proofOfAddressMaxMonths: 2 },
    });
  });
});

describe('approving a loan with "Exigir expediente completo para aprobar"', () => {
  it('is refused naming what is missing, and passes once the expediente is complete', async () => {
    const account = await openAccount(context, world.admin);
    const loan = await loans.createOk(world.agent.token, world.customer.id);
    await settings(world.admin, { requireCompleteExpediente: true, proofOfAddressMaxMonths: 3 });
    await upload('INE_FRONT');
    const refused = await loans.approve(world.admin.token, loan.id, { bankAccountId: account.id });
    expectProblem(
      refused,
      409,
      'No se puede aprobar: el expediente del cliente está incompleto. Falta: INE (reverso), Comprobante de domicilio',
    );
    expect((await loans.get(world.admin.token, loan.id)).json().data.status).toBe('PENDING');
    await upload('INE_BACK');
    await upload('PROOF_OF_ADDRESS', businessToday());
    expect((await loans.approveOk(world.admin.token, loan.id, account.id)).status).toBe('APPROVED');
  });

  it('does not hold back a loan from the past (granted before it was recorded)', async () => {
    await settings(world.admin, { requireCompleteExpediente: true, proofOfAddressMaxMonths: 3 });
    const past = await loans.createOk(world.admin.token, world.customer.id, {
      requestDate: monthsAgo(businessToday(), 2, '01'),
      loanFromPast: true,
    });
    expect((await loans.approveOk(world.admin.token, past.id)).status).toBe('APPROVED');
  });

  it('is not checked while the setting is off (the default)', async () => {
    const account = await openAccount(context, world.admin);
    const loan = await loans.createOk(world.agent.token, world.customer.id);
    expect((await loans.approveOk(world.admin.token, loan.id, account.id)).status).toBe('APPROVED');
  });
});
