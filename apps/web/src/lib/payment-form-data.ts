import type { PaymentRequest } from '@prestaya/contracts';

/**
 * The multipart body of a payment registration: part `paymentRequest` (JSON, typed application/json)
 * and, for a transfer, part `file`. The browser sets the multipart content type and boundary.
 */
export function paymentFormData({
  request,
  file,
}: {
  request: PaymentRequest;
  file?: File | null;
}): FormData {
  const form = new FormData();
  form.append('paymentRequest', new Blob([JSON.stringify(request)], { type: 'application/json' }));
  if (file && request.paymentMethod === 'TRANSFER') form.append('file', file, file.name);
  return form;
}
