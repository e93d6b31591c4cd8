import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type AccountMovement, accountMovement, type BankAccount, pesosToCents } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { EntityDialog } from '../../../components/EntityDialog.tsx';
import { amountValue, MoneyInput } from '../../../components/MoneyInput.tsx';
import { useCheckedForm } from '../../../lib/form.ts';
import { formatMoney } from '../../../lib/format.ts';
import { toastOutcome } from '../../../lib/notify.ts';
import { bankAccountQueryOptions } from '../api/get-bank-account.ts';
import { useMoveMoney } from '../api/move-money.ts';

export type MovementKind = 'withdrawal' | 'deposit';

/** Texts of each dialog (docs/product.md §2 "BankAccountList", §8 toasts). */
export const MOVEMENT_TEXTS = {
  withdrawal: {
    title: 'Retirar Efectivo',
    submit: 'Retirar',
    success: 'Retiro completado',
    failure: 'Error realizando el retiro',
  },
  deposit: {
    title: 'Depositar Efectivo',
    submit: 'Depositar',
    success: 'Depósito completado',
    failure: 'Error realizando el depósito',
  },
} as const;

export const AMOUNT_REQUIRED = 'El monto es requerido';
/** docs/product.md §5 raises a flag without a message; this is the one shown. */
export const AMOUNT_ABOVE_BALANCE = 'El monto no puede ser mayor al saldo disponible';

interface MovementValues {
  amount: number | string;
  reason: string;
}

function toPayload(kind: MovementKind, values: MovementValues): AccountMovement {
  const amount = amountValue(values.amount) as number;
  return kind === 'withdrawal'
    ? { withdrawal: amount, reason: values.reason }
    : { deposit: amount, reason: values.reason };
}

/**
 * docs/product.md §5: a withdrawal needs 0 < amount ≤ balance, a deposit amount > 0; concept required. Shape and
 * amount rules come from the contracts' `accountMovement`; the balance check compares centavos. The
 * server checks again under the account lock and has the last word.
 */
function validate(kind: MovementKind, balance: number | undefined, values: MovementValues) {
  const errors: Partial<Record<keyof MovementValues, string>> = {};
  const amount = amountValue(values.amount);
  if (amount === undefined) errors.amount = AMOUNT_REQUIRED;
  const parsed = accountMovement.safeParse(toPayload(kind, values));
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = issue.path[0] === 'reason' ? 'reason' : 'amount';
    errors[field] ??= issue.message;
  }
  if (!errors.amount && kind === 'withdrawal' && amount !== undefined && balance !== undefined) {
    if (exceeds(amount, balance)) errors.amount = AMOUNT_ABOVE_BALANCE;
  }
  return errors;
}

/** Compared in centavos, never as floats. */
function exceeds(amount: number, balance: number): boolean {
  try {
    return pesosToCents(amount) > pesosToCents(balance);
  } catch {
    return false;
  }
}

function MovementForm({
  kind,
  account,
  onClose,
  onDone,
}: {
  kind: MovementKind;
  account: BankAccount;
  onClose: () => void;
  onDone: () => void;
}) {
  const texts = MOVEMENT_TEXTS[kind];
  // The balance shown and checked is refreshed from the server when the dialog opens.
  const current = useQuery({ ...bankAccountQueryOptions(account.id), placeholderData: account });
  const balance = current.data?.balance ?? account.balance;
  const move = useMoveMoney();

  const { form, valid } = useCheckedForm<MovementValues>({ amount: '', reason: '' }, (values) =>
    validate(kind, balance, values),
  );
  const pending = move.isPending;

  const submit = form.onSubmit((values) => {
    if (!valid || pending) return;
    move.mutate(
      { id: account.id, body: accountMovement.parse(toPayload(kind, values)) },
      toastOutcome(texts.success, texts.failure, {
        onSuccess: onDone,
        onError: () => void current.refetch(),
      }),
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Cuenta" value={account.name} readOnly variant="filled" />
          <TextInput
            label="Saldo disponible"
            value={formatMoney(balance)}
            readOnly
            variant="filled"
            styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
          />
        </SimpleGrid>
        <MoneyInput
          label="Monto"
          placeholder="$0.00"
          withAsterisk
          data-autofocus
          {...form.getInputProps('amount')}
        />
        <TextInput
          label="Concepto"
          placeholder={kind === 'withdrawal' ? 'Motivo del retiro' : 'Origen del depósito'}
          autoComplete="off"
          maxLength={200}
          withAsterisk
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button
            type="submit"
            color={kind === 'withdrawal' ? 'red' : undefined}
            disabled={!valid || pending}
            loading={pending}
          >
            {texts.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export interface MovementDialogProps {
  opened: boolean;
  kind: MovementKind;
  /** The account to move money in (kept while the dialog closes, so its content does not vanish). */
  account: BankAccount | null;
  onClose: () => void;
  /** Called after the server accepted the movement (the dialog closes). */
  onDone: () => void;
}

/** 'Retirar Efectivo' / 'Depositar Efectivo': account name and balance read-only, plus Monto and Concepto. */
export function MovementDialog({ opened, kind, account, onClose, onDone }: MovementDialogProps) {
  return (
    <EntityDialog opened={opened && account !== null} onClose={onClose} title={MOVEMENT_TEXTS[kind].title}>
      {account && (
        <MovementForm key={account.id} kind={kind} account={account} onClose={onClose} onDone={onDone} />
      )}
    </EntityDialog>
  );
}
