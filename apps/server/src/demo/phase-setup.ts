import { bankAccountCreate, userCreate } from '@prestaya/contracts';
import { createBankAccount } from '../modules/bank-accounts/create-bank-account.ts';
import { createUser } from '../modules/users/create-user.ts';
import { hm } from './agenda.ts';
import { SETUP_DAY } from './plan.ts';
import type { DemoRun } from './run.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_STAFF } from './staff.ts';

/** Before the first customer: the staff (each with a PIN of `pins`), then the lender's accounts. */
export function scheduleSetup(run: DemoRun, pins: readonly string[]) {
  DEMO_STAFF.forEach((person, i) => {
    run.agenda.add(SETUP_DAY, hm(9, 10 * i), 'alta de usuario', async () => {
      const pin = pins[i] ?? '4826';
      const created = await createUser(
        run.db,
        run.staff.get('admin')?.id ?? null,
        userCreate.parse({ ...person, password: DEMO_PASSWORD, pin, status: 'A' }),
      );
      run.staff.set(person.key, { id: created.id, actor: { id: created.id, roles: created.roles } });
      run.credentials.push({
        num: created.num,
        name: person.name,
        lastName: person.lastName,
        username: created.username,
        password: DEMO_PASSWORD,
        pin,
        roles: created.roles,
      });
    });
  });
  DEMO_ACCOUNTS.forEach((account, i) => {
    run.agenda.add(SETUP_DAY + 1, hm(10, 15 * i), 'alta de cuenta', async () => {
      const { key, ...input } = account;
      const created = await createBankAccount(run.db, run.owner().id, bankAccountCreate.parse(input));
      run.accounts.set(key, created.id);
    });
  });
}
