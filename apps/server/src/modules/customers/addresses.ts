import type { Address, addressInput, z } from '@prestaya/contracts';
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { CustomerActor } from '../../access/customers.ts';
import type { AppDb, DbOrTx } from '../../db/client.ts';
import { type AddressRow, addresses } from '../../db/schema/customers.ts';
import { insertAudited, updateAudited, writeAudit } from '../../db/write-audit.ts';
import { refuse } from '../../http/refusals.ts';
import { findVisibleCustomer } from './access.ts';
import { addressAuditSnapshot, toAddressDto } from './mapping.ts';

export type AddressFields = z.output<typeof addressInput>;

const AUDIT_ENTITY = 'address';

function addressColumns(input: AddressFields) {
  return {
    street: input.street,
    numExterior: input.numExterior,
    numInterior: input.numInterior,
    neighborhood: input.neighborhood,
    city: input.city,
    state: input.state,
    postalCode: input.postalCode,
  };
}

/**
 * Every address call first finds the customer through the access rule (404 'Cliente no encontrado'
 * for an unknown customer or another agent's) and locks it against a concurrent reassignment. The lock
 * is the one the addresses' statement trigger takes to write the customer's route keys (NO KEY UPDATE),
 * so two address writes of one customer queue on it instead of each holding a share lock the other's
 * trigger waits for (a deadlock); then the address must belong to that customer (else 404 'Dirección
 * no encontrada').
 */
async function findAddress(
  tx: DbOrTx,
  actor: CustomerActor,
  customerId: string,
  addressId: string,
): Promise<AddressRow> {
  await findVisibleCustomer(tx, actor, customerId, 'no key update');
  const [row] = await tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.customerId, customerId)))
    .for('update');
  if (!row) throw refuse('address.not_found');
  return row;
}

export async function createAddress(
  db: AppDb,
  actor: CustomerActor,
  customerId: string,
  input: AddressFields,
): Promise<Address> {
  return db.transaction(async (tx) => {
    await findVisibleCustomer(tx, actor, customerId, 'no key update');
    const values = { id: uuidv7(), customerId, ...addressColumns(input) };
    const row = await insertAudited(tx, addresses, values, {
      actorId: actor.id,
      entity: AUDIT_ENTITY,
      snapshot: addressAuditSnapshot,
    });
    return toAddressDto(row);
  });
}

export async function updateAddress(
  db: AppDb,
  actor: CustomerActor,
  customerId: string,
  addressId: string,
  input: AddressFields,
): Promise<Address> {
  return db.transaction(async (tx) => {
    const current = await findAddress(tx, actor, customerId, addressId);
    const row = await updateAudited(tx, addresses, eq(addresses.id, addressId), addressColumns(input), {
      actorId: actor.id,
      entity: AUDIT_ENTITY,
      entityId: addressId,
      before: current,
      snapshot: addressAuditSnapshot,
    });
    if (!row) throw refuse('address.not_found');
    return toAddressDto(row);
  });
}

/** Answers the deleted address, so the client can say what was removed. */
export async function deleteAddress(
  db: AppDb,
  actor: CustomerActor,
  customerId: string,
  addressId: string,
): Promise<Address> {
  return db.transaction(async (tx) => {
    const current = await findAddress(tx, actor, customerId, addressId);
    await tx.delete(addresses).where(eq(addresses.id, addressId));
    await writeAudit(tx, {
      actorId: actor.id,
      entity: AUDIT_ENTITY,
      entityId: addressId,
      action: 'deleted',
      before: addressAuditSnapshot(current),
    });
    return toAddressDto(current);
  });
}
