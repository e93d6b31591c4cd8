/** Rows the domain's tests build: installment n of 12, 1,000.00 pesos unless told. */
export const installment = (n: number, status: string, dueDate: string, amountCents = 100_000) => ({
  id: `i${n}`,
  paymentNumber: n,
  amountCents,
  status,
  dueDate,
  concept: `Pago ${n} de 12`,
});
