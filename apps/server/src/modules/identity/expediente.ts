import { type Expediente, expedienteGapLabel } from '@prestaya/contracts';
import { expedienteState } from '@prestaya/domain';
import { eq } from 'drizzle-orm';
import type { CustomerActor } from '../../access/customers.ts';
import type { DbOrTx } from '../../db/client.ts';
import { customerDocuments } from '../../db/schema/customer-documents.ts';
import { findVisibleCustomer } from '../customers/access.ts';
import { readIdentitySettings } from './settings.ts';

/**
 * A customer's expediente on `today`: complete, or what is missing, with the proof-of-address window
 * of the identity settings. Reads only the documents' types and dates (never the files).
 */
export async function expedienteOf(db: DbOrTx, customerId: string, today: string): Promise<Expediente> {
  const { proofOfAddressMaxMonths } = await readIdentitySettings(db);
  const documents = await db
    .select({ type: customerDocuments.type, documentDate: customerDocuments.documentDate })
    .from(customerDocuments)
    .where(eq(customerDocuments.customerId, customerId));
  const state = expedienteState(documents, today, proofOfAddressMaxMonths);
  return {
    complete: state.complete,
    missing: state.missing.map((gap) => ({ gap, label: expedienteGapLabel(gap, proofOfAddressMaxMonths) })),
    proofOfAddressMaxMonths,
  };
}

/** GET /customers/{id}/expediente: whoever sees the customer (another agent's is 404). */
export async function getExpediente(
  db: DbOrTx,
  actor: CustomerActor,
  customerId: string,
  today: string,
): Promise<Expediente> {
  const customer = await findVisibleCustomer(db, actor, customerId);
  return expedienteOf(db, customer.id, today);
}
