import { formatCents } from '@prestaya/contracts';
import { useCallback, useEffect, useRef } from 'react';
import { notify } from './notify.ts';
import { type PaymentQueue, type PendingPayment, paymentQueue } from './offline-queue.ts';

export interface QueueTally {
  sent: number;
  refused: number;
}

/** 'Se envió 1 cobro' / 'Se enviaron 3 cobros'. */
export const sentText = (count: number) =>
  count === 1
    ? 'Se envió 1 cobro guardado en este teléfono'
    : `Se enviaron ${count} cobros guardados en este teléfono`;

/** '1 cobro rechazado' / '2 cobros rechazados'. */
export const refusedTitle = (count: number) =>
  count === 1 ? '1 cobro rechazado' : `${count} cobros rechazados`;

/** Each refusal with whose it was and the server's reason: 'Ana Ruiz, préstamo 12 ($500.00): …'. */
export const refusalReasons = (entries: PendingPayment[]) =>
  entries
    .map(
      (entry) =>
        `${entry.customerName}, préstamo ${entry.loanNum} (${formatCents(entry.amountCents)}): ${entry.error ?? ''}`,
    )
    .join(' · ');

/**
 * What the shell says after the queue sent payments on its own (the signal came back), on whatever
 * screen is open: a toast with how many went through, and one that stays with each refusal's reason.
 * Returns the `onSettled` of useOfflineSender. Refusals already on the device before are not repeated.
 */
export function useQueueNotice(agentId: string | undefined, queue: PaymentQueue = paymentQueue) {
  const told = useRef<Set<string> | null>(null);
  useEffect(() => {
    told.current = null;
    if (!agentId) return;
    let live = true;
    void queue.list(agentId).then(
      (entries) => {
        if (live) told.current = new Set(entries.filter((e) => e.state === 'refused').map((e) => e.key));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [agentId, queue]);

  return useCallback(
    async ({ sent, refused }: QueueTally) => {
      if (sent > 0) notify.success(sentText(sent));
      if (refused === 0 || !agentId) return;
      const entries = await queue.list(agentId).catch(() => [] as PendingPayment[]);
      const known = told.current ?? new Set<string>();
      const fresh = entries.filter((entry) => entry.state === 'refused' && !known.has(entry.key));
      for (const entry of fresh) known.add(entry.key);
      told.current = known;
      const reasons = refusalReasons(fresh);
      notify.error(
        refusedTitle(refused),
        reasons ? `${reasons}. Revíselos en Cobranza.` : 'Revíselos en Cobranza.',
      );
    },
    [agentId, queue],
  );
}
