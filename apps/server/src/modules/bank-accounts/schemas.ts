import { accountMovement, z } from '@prestaya/contracts';

const KEYS = ['withdrawal', 'deposit'] as const;

/**
 * The contracts' `accountMovement`, with a readable detail when neither branch of the union matches:
 * zod would only say 'Entrada inválida'. With exactly one of withdrawal/deposit present, the detail
 * is that branch's own messages (e.g. 'reason: El concepto es requerido').
 */
export const movementBody = z.union(accountMovement.options, {
  error: (issue) => {
    if (issue.code !== 'invalid_union') return undefined;
    const input = issue.input;
    const present = input && typeof input === 'object' ? KEYS.filter((key) => Object.hasOwn(input, key)) : [];
    if (present.length === 2) return 'Envíe withdrawal o deposit, no ambos';
    const key = present[0];
    if (key === undefined) return 'Envíe {withdrawal, reason} o {deposit, reason}';
    const branch = issue.errors[KEYS.indexOf(key)] ?? [];
    const messages = branch.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message));
    return messages.join('; ') || 'Entrada inválida';
  },
});
