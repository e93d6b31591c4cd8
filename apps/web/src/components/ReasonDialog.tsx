import { decisionReason, REASON_MAX } from '@prestaya/contracts';
import type { ReactNode } from 'react';
import { isApiError } from '../lib/api.ts';
import { notify } from '../lib/notify.ts';
import { TextDialog } from './TextDialog.tsx';

const REASON_LABEL = 'Motivo';
const REASON_HINT = 'Queda en el historial y lo verá el agente.';

/** How the dialog hears back from the request it started. */
export interface ReasonOutcome {
  /** Keeps the dialog open with `message` on the field. */
  showOnField: (message: string) => void;
}

/**
 * A reason dialog's mutation callbacks: a toast either way; then the dialog closes, unless the server
 * refused the reason itself (a 400 naming `reason`), which stays on the field to be corrected.
 */
export function reasonCallbacks(
  { success, failure }: { success: string; failure: string },
  onClose: () => void,
  { showOnField }: ReasonOutcome,
) {
  return {
    onSuccess: () => {
      notify.success(success);
      onClose();
    },
    onError: (error: unknown) => {
      notify.apiError(error, failure);
      const message = isApiError(error)
        ? error.errors.find((issue) => issue.field === 'reason')?.message
        : undefined;
      if (message) showOnField(message);
      else onClose();
    },
  };
}

export interface ReasonDialogProps {
  opened: boolean;
  title: string;
  onClose: () => void;
  /** Runs with the trimmed reason once the contract accepts it. */
  onConfirm: (reason: string, outcome: ReasonOutcome) => void;
  /** While the request is under way: Aceptar is disabled and shows it is working. */
  loading: boolean;
  confirmColor?: string;
  /** The buttons' words, when 'Aceptar'/'Cancelar' would not say which one does what. */
  confirmLabel?: string;
  cancelLabel?: string;
  children?: ReactNode;
}

/**
 * A destructive decision that must say why (rejecting a payment, cancelling a fine): the question, a
 * required 'Motivo' checked with the contract's rule, Cancelar and Aceptar (or words of its own). Mounted only while open,
 * so every opening starts empty.
 */
export function ReasonDialog({ opened, onConfirm, ...props }: ReasonDialogProps) {
  if (!opened) return null;
  return (
    <TextDialog
      {...props}
      label={REASON_LABEL}
      description={REASON_HINT}
      schema={decisionReason}
      field="reason"
      singleLine
      maxLength={REASON_MAX}
      // The caller's reasonCallbacks reads the server's refusal of the reason; it says what to show.
      onConfirm={(reason, _fail, showOnField) => onConfirm(reason, { showOnField })}
    />
  );
}
