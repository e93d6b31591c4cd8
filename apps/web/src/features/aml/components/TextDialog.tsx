import { Textarea } from '@mantine/core';
import type { z } from '@prestaya/contracts';
import { type ReactNode, useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { isApiError } from '../../../lib/api.ts';

export interface TextDialogProps {
  title: string;
  label: string;
  description?: string;
  /** The contract's rule for the text (e.g. amlResolveRequest.shape.reason). */
  schema: z.ZodType<string, unknown>;
  /** The API field that carries the text, so a 400 naming it stays on the field. */
  field: string;
  confirmLabel: string;
  loading: boolean;
  onClose: () => void;
  /** Runs with the checked text; `fail` keeps the dialog open with the server's message. */
  onConfirm: (text: string, fail: (error: unknown) => void) => void;
  children?: ReactNode;
}

/** A dialog that asks for one required text (a reason, a conclusion, a description), checked by its contract. */
export function TextDialog({
  title,
  label,
  description,
  schema,
  field,
  confirmLabel,
  loading,
  onClose,
  onConfirm,
  children,
}: TextDialogProps) {
  const [value, setValue] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const submit = () => {
    if (loading) return;
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      setMessage(parsed.error.issues[0]?.message ?? null);
      return;
    }
    onConfirm(parsed.data, (error) => {
      const onField = isApiError(error) ? error.errors.find((issue) => issue.field === field) : undefined;
      if (onField) setMessage(onField.message);
    });
  };
  return (
    <ConfirmModal
      opened
      title={title}
      onClose={onClose}
      onConfirm={submit}
      confirmLabel={confirmLabel}
      loading={loading}
    >
      {children}
      <Textarea
        label={label}
        description={description}
        required
        withAsterisk
        rows={3}
        value={value}
        onChange={(event) => {
          setValue(event.currentTarget.value);
          setMessage(null);
        }}
        readOnly={loading}
        error={message}
        data-autofocus
      />
    </ConfirmModal>
  );
}
