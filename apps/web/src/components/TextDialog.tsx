import { Textarea, TextInput } from '@mantine/core';
import type { z } from '@prestaya/contracts';
import { type ReactNode, useState } from 'react';
import { isApiError } from '../lib/api.ts';
import { ConfirmModal } from './ConfirmModal.tsx';

export interface TextDialogProps {
  title: string;
  label: string;
  description?: string;
  /** The contract's rule for the text (e.g. amlResolveRequest.shape.reason). */
  schema: z.ZodType<string, unknown>;
  /** The API field that carries the text, so a 400 naming it stays on the field. */
  field: string;
  /** One line that Enter submits (a short reason), instead of a three-line text area. */
  singleLine?: boolean;
  /** The text's length limit, typed no further (the contract's own maximum). */
  maxLength?: number;
  confirmLabel?: string;
  cancelLabel?: string;
  confirmColor?: string;
  loading: boolean;
  onClose: () => void;
  /**
   * Runs with the checked text. `fail` keeps the dialog open with the server's message when the error
   * names `field`; `showOnField` puts a message of the caller's on the field.
   */
  onConfirm: (text: string, fail: (error: unknown) => void, showOnField: (message: string) => void) => void;
  children?: ReactNode;
}

/** A dialog that asks for one required text (a reason, a conclusion, a description), checked by its contract. */
export function TextDialog({
  title,
  label,
  description,
  schema,
  field,
  singleLine = false,
  maxLength,
  confirmLabel,
  cancelLabel,
  confirmColor,
  loading,
  onClose,
  onConfirm,
  children,
}: TextDialogProps) {
  const [value, setValue] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const submit = () => {
    if (loading) return;
    // The contract's own rule and messages, so the form and the API cannot disagree.
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      setMessage(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setMessage(null);
    onConfirm(
      parsed.data,
      (error) => {
        const onField = isApiError(error) ? error.errors.find((issue) => issue.field === field) : undefined;
        if (onField) setMessage(onField.message);
      },
      setMessage,
    );
  };
  const common = {
    label,
    description,
    required: true,
    withAsterisk: true,
    maxLength,
    value,
    onChange: (event: { currentTarget: { value: string } }) => {
      setValue(event.currentTarget.value);
      setMessage(null);
    },
    readOnly: loading,
    error: message,
    'data-autofocus': true,
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
      {singleLine ? (
        <TextInput
          {...common}
          autoComplete="off"
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            submit();
          }}
        />
      ) : (
        <Textarea {...common} rows={3} />
      )}
    </ConfirmModal>
  );
}
