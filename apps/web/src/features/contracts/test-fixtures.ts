import type { LoanContract } from '@prestaya/contracts';

export const CONTRACT_LOAN_ID = '0190a0c0-0000-7000-8000-0000000001a2';
export const CONTRACT_CUSTOMER_ID = '0190a0c0-0000-7000-8000-0000000000c1';

/** The server's reply for a $3,000 loan of the specification's product, not yet delivered. */
export function contractOf(overrides: Partial<LoanContract> = {}): LoanContract {
  return {
    loan: {
      id: CONTRACT_LOAN_ID,
      num: 1001,
      status: 'APPROVED',
      productName: 'Semanal 12',
      amount: 3_000,
      totalToRepay: 3_600,
      interestRate: 0.2,
      term: 12,
      installmentAmount: 300,
      dailyFee: 50,
      lateFeeCap: 300,
      lateFeeCapRate: 0.1,
      payoffDiscountRate: 0,
      requestDate: '2026-03-02',
      activatedOn: null,
      cat: 347.3,
    },
    customer: {
      id: CONTRACT_CUSTOMER_ID,
      fullName: 'José Gómez Núñez',
      address: 'Calle 5 12, Centro, Puebla, Puebla, C.P. 72000',
      phone: '5512345678',
    },
    business: {
      name: 'Préstamos Don Beto',
      legalName: 'Don Beto Finanzas S.A. de C.V.',
      address: 'Av. Juárez 120, CDMX',
      recaNumber: '1234-567-012345/01-00001-0126',
      complaintsContact: 'quejas@donbeto.mx',
      phone: null,
    },
    schedule: Array.from({ length: 12 }, (_, i) => ({
      paymentNumber: i + 1,
      dueDate: `2026-${i < 4 ? '03' : '04'}-${String(((i * 7) % 28) + 1).padStart(2, '0')}`,
      amount: 300,
    })),
    scheduleProjected: true,
    contractText: 'CONTRATO DE PRÉSTAMO PERSONAL No. 1001\n\nCAT sin IVA, para fines informativos: 347.3 %.',
    promissoryNoteText: 'PAGARÉ\n\nBueno por $3,600.00',
    issuedOn: '2026-03-03',
    signedContract: null,
    requireSignedContract: true,
    ...overrides,
  };
}
