import type { LoanContract } from '@prestaya/contracts';
import { describe, expect, it } from 'vitest';
import { customerDocumentsApi, loansApi } from '../support/api.ts';
import { expectProblem, request, useTestApp } from '../support/app.ts';
import { documentParts, fixture } from '../support/builders.ts';
import { addDays, businessToday } from '../support/clock.ts';
import { auditRowsOf } from '../support/records.ts';
import { openAccount, secondCustomer, useLoanWorld } from '../support/worlds.ts';

/**
 * The CAT of a loan (staff and public replies), its contract documents as data and as a Letter PDF
 * whose cover page is one page, the signed copy as a customer document tied to the loan, and the
 * setting that makes delivery wait for it.
 */
const context = useTestApp();
const world = useLoanWorld(context);
const loans = loansApi(context);
const documents = customerDocumentsApi(context);
const T = businessToday();

const get = (token: string, url: string) => request(context.app, { method: 'GET', url, token });
const put = (token: string, url: string, payload: object) =>
  request(context.app, { method: 'PUT', url, token, payload });

async function contractOf(token: string, loanId: string): Promise<LoanContract> {
  const response = await get(token, `/api/v1/loans/${loanId}/contract`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** Pages of a PDF: its page objects (`/Type /Page`, not `/Pages`). */
const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;

const signedContract = (loanId: string) => [
  { name: 'loanId', body: loanId },
  ...documentParts(fixture('document.pdf'), {
    type: 'SIGNED_CONTRACT',
    filename: 'contrato.pdf',
    contentType: 'application/pdf',
  }),
];

describe('the CAT of a loan', () => {
  it("the specification's product: 347.3 % for staff who see the loan and on the public statement", async () => {
    const loan = await loans.createOk(world.agent.token, world.customer.id, { amount: 3_000 });
    for (const token of [world.agent.token, world.admin.token]) {
      const response = await get(token, `/api/v1/loans/${loan.id}/cat`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toEqual({ cat: 347.3 });
    }
    const outsider = await context.app.inject({ method: 'GET', url: `/public/api/v1/loans/${loan.id}/cat` });
    expect(outsider.json().data).toEqual({ cat: 347.3 });
    expect((await contractOf(world.agent.token, loan.id)).loan.cat).toBe(347.3);

    // Another agent's loan does not exist for them; an unknown loan is a 404 on the public side too.
    const other = await secondCustomer(context, world.admin);
    const theirs = await loans.createOk(world.admin.token, other.id, { amount: 1_000 });
    expectProblem(
      await get(world.agent.token, `/api/v1/loans/${theirs.id}/cat`),
      404,
      'Préstamo no encontrado',
    );
    expectProblem(
      await context.app.inject({
        method: 'GET',
        url: '/public/api/v1/loans/01900000-0000-7000-8000-000000000000/cat',
      }),
      404,
      'Préstamo no encontrado',
    );
  });
});

describe('the contract documents', () => {
  it('fill the cover page, the contract and the promissory note from the loan, customer and business', async () => {
    const admin = world.admin;
    const saved = await put(admin.token, '/api/v1/settings/business', {
      name: 'Préstamos Don Beto',
      address: 'Av. Juárez 120, Centro, CDMX',
      complaintsContact: 'quejas@donbeto.mx',
      legalName: 'Don Beto Finanzas S.A. de C.V.',
      recaNumber: '1234-567-012345/01-00001-0126',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ recaNumber: '1234-567-012345/01-00001-0126' });
    const loan = await loans.createOk(world.agent.token, world.customer.id, { amount: 3_000 });

    const contract = await contractOf(world.agent.token, loan.id);
    expect(contract.loan).toMatchObject({
      num: loan.num,
      amount: 3_000,
      totalToRepay: 3_600,
      installmentAmount: 300,
      interestRate: 0.2,
      dailyFee: 50,
      lateFeeCap: 300,
      cat: 347.3,
      activatedOn: null,
    });
    expect(contract.business).toMatchObject({
      legalName: 'Don Beto Finanzas S.A. de C.V.',
      recaNumber: '1234-567-012345/01-00001-0126',
      complaintsContact: 'quejas@donbeto.mx',
    });
    expect(contract.customer.fullName).toBe('Lucía Núñez Gómez');
    // Not delivered yet: the dates a delivery today would give.
    expect(contract.scheduleProjected).toBe(true);
    expect(contract.schedule).toHaveLength(12);
    expect(contract.schedule[0]).toEqual({ paymentNumber: 1, dueDate: addDays(T, 7), amount: 300 });
    expect(contract.contractText).toContain('Don Beto Finanzas S.A. de C.V.');
    expect(contract.contractText).toContain('$3,000.00 (TRES MIL PESOS 00/100 M.N.)');
    expect(contract.contractText).toContain('CAT sin IVA, para fines informativos: 347.3 %');
    expect(contract.contractText).toContain('RECA): 1234-567-012345/01-00001-0126');
    expect(contract.contractText).not.toMatch(/\{\{/);
    expect(contract.promissoryNoteText).toContain('$3,600.00 (TRES MIL SEISCIENTOS PESOS 00/100 M.N.)');
    expect(contract.signedContract).toBeNull();
  });

  it('as a Letter PDF: the cover page alone is one page; the whole set has the contract and the note after it', async () => {
    const loan = await loans.createOk(world.agent.token, world.customer.id, { amount: 3_000 });
    const cover = await get(world.agent.token, `/api/v1/loans/${loan.id}/contract.pdf?cover=1`);
    expect(cover.statusCode, cover.body).toBe(200);
    expect(cover.headers['content-type']).toBe('application/pdf');
    expect(cover.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(cover.headers['x-page-count']).toBe('1');
    expect(pageCount(cover.rawPayload)).toBe(1);
    // Letter: 612 × 792 points.
    expect(cover.rawPayload.toString('latin1')).toContain('/MediaBox [0 0 612 792]');

    const full = await get(world.agent.token, `/api/v1/loans/${loan.id}/contract.pdf`);
    expect(full.statusCode).toBe(200);
    const pages = pageCount(full.rawPayload);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(full.headers['x-page-count']).toBe(String(pages));
    expectProblem(
      await get(world.agent.token, `/api/v1/loans/${loan.id}/contract.pdf?cover=2`),
      400,
      /^cover: /,
    );
  });

  it('a product of 52 weekly installments still fits its cover page on one page', async () => {
    const product = await request(context.app, {
      method: 'POST',
      url: '/api/v1/loan-products',
      token: world.admin.token,
      payload: {
        name: 'Anual 52',
        termWeeks: 52,
        interestPercent: 60,
        dailyFee: 50,
        lateFeeCapPercent: 10,
        minAmount: 1_000,
        maxAmount: 50_000,
        renewalThreshold: 30,
        payoffDiscountPercent: 0,
      },
    });
    expect(product.statusCode, product.body).toBe(201);
    const loan = await loans.createOk(world.admin.token, world.customer.id, {
      amount: 10_000,
      productId: product.json().data.id,
    });
    const cover = await get(world.admin.token, `/api/v1/loans/${loan.id}/contract.pdf?cover=1`);
    expect(cover.headers['x-page-count']).toBe('1');
    expect(pageCount(cover.rawPayload)).toBe(1);
  });
});

describe('the signed contract', () => {
  it('uploads as a customer document tied to one of the customer’s loans, audited', async () => {
    const loan = await loans.createOk(world.agent.token, world.customer.id, { amount: 3_000 });
    const created = await documents.uploadOk(world.agent.token, world.customer.id, signedContract(loan.id));
    expect(created).toMatchObject({
      type: 'SIGNED_CONTRACT',
      loanId: loan.id,
      contentType: 'application/pdf',
    });
    const contract = await contractOf(world.agent.token, loan.id);
    expect(contract.signedContract).toEqual({ id: created.id, uploadedOn: created.uploadedOn });
    const [audit] = await auditRowsOf(context, created.id);
    expect(audit?.after).toMatchObject({ documentType: 'SIGNED_CONTRACT', loanId: loan.id });

    const pdf = fixture('document.pdf');
    const noLoan = documentParts(pdf, {
      type: 'SIGNED_CONTRACT',
      filename: 'c.pdf',
      contentType: 'application/pdf',
    });
    expectProblem(
      await documents.upload(world.agent.token, world.customer.id, noLoan),
      400,
      'loanId: Seleccione el préstamo del contrato firmado',
    );
    const other = await secondCustomer(context, world.admin);
    const theirs = await loans.createOk(world.admin.token, other.id, { amount: 1_000 });
    expectProblem(
      await documents.upload(world.admin.token, world.customer.id, signedContract(theirs.id)),
      400,
      'loanId: El préstamo no es de este cliente',
    );
    expectProblem(
      await documents.upload(world.agent.token, world.customer.id, [
        { name: 'loanId', body: loan.id },
        ...documentParts(pdf, { type: 'OTHER', filename: 'o.pdf', contentType: 'application/pdf' }),
      ]),
      400,
      'loanId: Solo un contrato firmado se liga a un préstamo',
    );
  });
});

describe('Exigir contrato firmado para entregar', () => {
  it('is off by default; when on, delivery waits for the signed contract of that loan', async () => {
    const admin = world.admin;
    expect((await get(admin.token, '/api/v1/settings/contracts')).json().data).toEqual({
      requireSignedContract: false,
    });
    expectProblem(
      await get(world.agent.token, '/api/v1/settings/contracts'),
      403,
      'No tiene permisos para esta operación',
    );
    expectProblem(
      await put(world.agent.token, '/api/v1/settings/contracts', { requireSignedContract: true }),
      403,
      'No tiene permisos para esta operación',
    );
    expectProblem(
      await put(admin.token, '/api/v1/settings/contracts', { requireSignedContract: 'sí' }),
      400,
      /^requireSignedContract: /,
    );
    const on = await put(admin.token, '/api/v1/settings/contracts', { requireSignedContract: true });
    expect(on.json().data).toEqual({ requireSignedContract: true });
    const [audit] = await auditRowsOf(context, '00000000-0000-0000-0000-0000000000c0');
    expect(audit).toMatchObject({
      entity: 'contract_settings',
      action: 'updated',
      user_id: admin.id,
      before: { requireSignedContract: false },
      after: { requireSignedContract: true },
    });

    const account = await openAccount(context, admin, 20_000);
    const loan = await loans.createOk(admin.token, world.customer.id, { amount: 3_000 });
    await loans.approveOk(admin.token, loan.id, account.id);
    expectProblem(
      await loans.activate(admin.token, loan.id),
      409,
      'Suba el contrato firmado de este préstamo antes de entregarlo (Configuración: Exigir contrato firmado para entregar)',
    );
    expect((await loans.get(admin.token, loan.id)).json().data.status).toBe('APPROVED');

    // Another document of the customer is not the signed contract of this loan.
    await documents.uploadOk(
      admin.token,
      world.customer.id,
      documentParts(fixture('document.pdf'), {
        type: 'OTHER',
        filename: 'o.pdf',
        contentType: 'application/pdf',
      }),
    );
    expect((await loans.activate(admin.token, loan.id)).statusCode).toBe(409);

    await documents.uploadOk(admin.token, world.customer.id, signedContract(loan.id));
    const delivered = await loans.activate(admin.token, loan.id);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json().data.status).toBe('ACTIVE');
  });
});
