import type { Customer } from '@prestaya/contracts';
import type { CustomerActor } from '../../access/customers.ts';
import type { AppDb } from '../../db/client.ts';
import { loadCustomer } from './queries.ts';

export function getCustomer(db: AppDb, actor: CustomerActor, id: string, today: string): Promise<Customer> {
  return loadCustomer(db, actor, id, today);
}
