/** Printable documents: routes outside the admin shell, behind the session, opened in a new tab. */
export const printPaymentReceiptPath = (paymentId: string) =>
  `/admin/print/payments/${encodeURIComponent(paymentId)}`;
export const printLoanStatementPath = (loanId: string) => `/admin/print/loans/${encodeURIComponent(loanId)}`;

/** Opens a printable document in a new tab (the new tab restores the session from storage). */
export function openPrintTab(path: string): void {
  window.open(path, '_blank', 'noopener');
}
