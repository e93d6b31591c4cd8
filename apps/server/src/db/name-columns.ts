import { bankAccounts } from './schema/bank-accounts.ts';
import { customers } from './schema/customers.ts';

/** The customer columns a loan or payment reply shows next to its own: who it belongs to. */
export const customerNameColumns = {
  id: customers.id,
  name: customers.name,
  lastName: customers.lastName,
  secondLastName: customers.secondLastName,
};

/** The account columns a loan or payment reply shows: which account the money came from or went to. */
export const bankAccountNameColumns = { id: bankAccounts.id, name: bankAccounts.name };
