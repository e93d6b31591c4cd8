import { TextInput } from '@mantine/core';
import { decisionReason, REASON_MAX } from '@prestaya/contracts';
import { type ReactNode, useState } from 'react';
import { isApiError } from '../lib/api.ts';
import { notify } from '../lib/notify.ts';
import { ConfirmModal } from './ConfirmModal.tsx';

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

function ReasonForm({
  title,
  onClose,
  onConfirm,
  loading,
  confirmColor,
  confirmLabel,
  cancelLabel,
  children,
}: Omit<ReasonDialogProps, 'opened'>) {
  const [value, setValue] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const submit = () => {
    if (loading) return;
    // The contract's own rule and messages, so the form and the API cannot disagree.
    const parsed = decisionReason.safeParse(value);
    if (!parsed.success) {
      setMessage(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setMessage(null);
    onConfirm(parsed.data, { showOnField: setMessage });
  };
  return (
    <ConfirmModal
      opened
      title={title}
      onClose={onClose}
      onConfirm={submit}
      confirmColor={confirmColor}
      confirmLabel={confirmLabel}
      cancelLabel={cancelLabel}
      loading={loading}
    >
      {children}
      <TextInput
        label={REASON_LABEL}
        description={REASON_HINT}
        required
        withAsterisk
        autoComplete="off"
        maxLength={REASON_MAX}
        value={value}
        onChange={(event) => {
          setValue(event.currentTarget.value);
          setMessage(null);
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          submit();
        }}
        readOnly={loading}
        error={message}
        data-autofocus
      />
    </ConfirmModal>
  );
}

/**
 * A destructive decision that must say why (rejecting a payment, cancelling a fine): the question, a
 * required 'Motivo' checked with the contract's rule, Cancelar and Aceptar (or words of its own). Mounted only while open,
 * so every opening starts empty.
 */
export function ReasonDialog({ opened, ...props }: ReasonDialogProps) {
  return opened ? <ReasonForm {...props} /> : null;
}
