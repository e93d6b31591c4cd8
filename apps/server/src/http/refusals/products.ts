import { badRequest, conflict, notFound, type RefusalEntry } from './status.ts';

/** Loan products and their limits (modules/loan-products). */
export const PRODUCT_REFUSALS = {
  'product.not_found': notFound('Producto no encontrado'),
  'product.name_taken': conflict('Ya existe un producto con ese nombre', 'name'),
  'product.min_above_max': badRequest('El monto máximo no puede ser menor que el mínimo', 'maxAmount'),
  'product.renewal_beyond_term': badRequest(
    'La renovación no puede pedir más pagos que el plazo',
    'renewalThreshold',
  ),
  'product.min_not_schedulable': badRequest(
    'Con el monto mínimo algún pago semanal sería de $0.00',
    'minAmount',
  ),
  'product.fees_beyond_payment': badRequest(
    'Un préstamo de {amount} podría acumular {fees} multas, más de las {max} que caben en un pago: suba la multa diaria o baje el tope de multas o el monto máximo',
    'dailyFee',
  ),
  'product.last_active': conflict('Debe quedar al menos un producto activo'),
  'product.too_many': conflict('Se alcanzó el máximo de {max} productos'),
} satisfies Record<string, RefusalEntry>;
