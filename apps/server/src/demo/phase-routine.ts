import { accountMovement } from '@prestaya/contracts';
import { accrueFees } from '../jobs/accrual.ts';
import { moveMoney } from '../modules/bank-accounts/move-money.ts';
import { hm, weekday } from './agenda.ts';
import { HISTORY_DAYS } from './plan.ts';
import type { DemoRun } from './run.ts';
import type { DemoAccountKey } from './staff.ts';

/** The office's routine every day of the history: the night's fee accrual, expenses, cash deposits. */
export function scheduleRoutine(run: DemoRun) {
  const { agenda } = run;
  const moveCash = (
    key: DemoAccountKey,
    movement: { withdrawal: number } | { deposit: number },
    reason: string,
  ) =>
    moveMoney(run.db, run.manager().id, run.accountId(key), accountMovement.parse({ ...movement, reason }));

  for (let day = 0; day <= HISTORY_DAYS; day++) {
    const date = run.dateOf(day);
    // The daily fee accrual, as the server's scheduler runs it at 00:05.
    agenda.add(
      day,
      hm(0, 5),
      'multas del día',
      async () => {
        await accrueFees(run.db, { throughDate: run.dateOf(agenda.current.day), timeZone: run.timeZone });
      },
      true,
    );
    if (weekday(date) === 5) {
      agenda.add(day, hm(17), 'viáticos', async () => {
        const caja = (await run.balancesCents()).get('caja') ?? 0;
        if (caja >= 160_000)
          await moveCash('caja', { withdrawal: 1_600 }, 'Viáticos de cobranza de la semana');
      });
    }
    if (weekday(date) === 6) {
      // Cash beyond $20,000 goes to the bank every Saturday.
      agenda.add(day, hm(18, 45), 'depósito de caja', async () => {
        const caja = (await run.balancesCents()).get('caja') ?? 0;
        const surplus = Math.floor((caja - 2_000_000) / 100_000) * 1_000;
        if (surplus <= 0) return;
        await moveCash('caja', { withdrawal: surplus }, 'Depósito en ventanilla a BBVA Operación');
        await moveCash('bbva', { deposit: surplus }, 'Depósito de efectivo de Caja general');
      });
    }
    if (date.endsWith('-01')) {
      agenda.add(day, hm(10, 30), 'renta', async () => {
        await moveCash('bbva', { withdrawal: 9_500 }, 'Renta de oficina');
      });
    }
  }
}
