import type { Address, AgentSummary, Customer, CustomerListItem, MxState } from '@prestaya/contracts';
import { ageOn, checkCurp } from '@prestaya/domain';
import type { AddressRow, CustomerRow } from '../../db/schema/customers.ts';

/** The API shape of a customer in lists: never `search_text`, which is an index aid only. */
export function toCustomerListItem(
  row: CustomerRow,
  agent: AgentSummary | null,
  currentLoan: CustomerListItem['currentLoan'],
): CustomerListItem {
  return {
    id: row.id,
    num: row.num,
    name: row.name,
    lastName: row.lastName,
    secondLastName: row.secondLastName,
    phone: row.phone,
    curp: row.curp,
    status: row.status as CustomerListItem['status'],
    agent,
    createdOn: row.createdOn.toISOString(),
    currentLoan,
  };
}

/**
 * What the CURP tells (birth date, age on `today`, sex, state of birth), read from it on every reply
 * rather than stored: the CURP is the one source, the age changes with the date, and a CURP saved
 * before the full check simply tells nothing (all null) instead of needing a backfill.
 */
export function curpFactsOf(curp: string, today: string) {
  const check = checkCurp(curp);
  if (!check.ok) return { birthDate: null, age: null, sex: null, birthState: null };
  const { birthDate, sex, state } = check.facts;
  return { birthDate, age: ageOn(birthDate, today), sex, birthState: state };
}

export function toCustomerDto(
  row: CustomerRow,
  agent: AgentSummary | null,
  addresses: AddressRow[],
  currentLoan: Customer['currentLoan'],
  today: string,
): Customer {
  return {
    ...toCustomerListItem(row, agent, currentLoan),
    agentId: row.agentId,
    rfc: row.rfc,
    ...curpFactsOf(row.curp, today),
    addresses: addresses.map(toAddressDto),
  };
}

export function toAddressDto(row: AddressRow): Address {
  return {
    id: row.id,
    street: row.street,
    numExterior: row.numExterior,
    numInterior: row.numInterior,
    neighborhood: row.neighborhood,
    city: row.city,
    state: row.state as MxState,
    postalCode: row.postalCode,
  };
}

/** What the audit trail keeps of a customer: its editable fields (RFC too), number, status and agent. */
export function customerAuditSnapshot(row: CustomerRow): Record<string, unknown> {
  const {
    id: _id,
    agent: _agent,
    createdOn: _createdOn,
    currentLoan: _currentLoan,
    ...fields
  } = toCustomerListItem(row, null, null);
  return { ...fields, rfc: row.rfc, agentId: row.agentId };
}

/** An address snapshot names its customer, so the trail of a deleted address still says whose it was. */
export function addressAuditSnapshot(row: AddressRow): Record<string, unknown> {
  const { id: _id, ...fields } = toAddressDto(row);
  return { customerId: row.customerId, ...fields };
}
