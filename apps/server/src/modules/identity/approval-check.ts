import type { DbOrTx } from '../../db/client.ts';
import { refuse } from '../../http/refusals.ts';
import { expedienteOf } from './expediente.ts';
import { readIdentitySettings } from './settings.ts';

/**
 * When 'Exigir expediente completo para aprobar' is on, a loan is approved only for a customer whose
 * expediente is complete on the approval's business date (the proof of address within its window
 * that day); otherwise a 409 names what is missing. Off (the default): nothing is checked. A loan
 * from the past is exempt: it was granted before it was recorded here, and recording it is not the
 * decision the policy governs.
 */
export async function requireExpedienteForApproval(
  tx: DbOrTx,
  loan: { customerId: string; loanFromPast: boolean },
  today: string,
) {
  if (loan.loanFromPast) return;
  const { customerId } = loan;
  const settings = await readIdentitySettings(tx);
  if (!settings.requireCompleteExpediente) return;
  const expediente = await expedienteOf(tx, customerId, today);
  if (expediente.complete) return;
  const missing = expediente.missing.map((gap) => gap.label).join(', ');
  throw refuse('loan.expediente_incomplete', { values: { missing } });
}
