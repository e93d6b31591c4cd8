import type { LoanProduct } from '@prestaya/contracts';
import type { CustomerActor } from '../../access/customers.ts';
import { hasRole } from '../../access/users.ts';
import type { DbOrTx } from '../../db/client.ts';
import { toLoanProductDto } from './mapping.ts';
import { selectProducts } from './queries.ts';

/**
 * GET /loan-products: administrators see every product; agents only the active ones, which is what
 * the loan form offers them.
 */
export async function listLoanProducts(db: DbOrTx, actor: CustomerActor): Promise<LoanProduct[]> {
  const rows = await selectProducts(db, !hasRole(actor.roles, 'ROLE_ADMIN'));
  return rows.map(toLoanProductDto);
}
