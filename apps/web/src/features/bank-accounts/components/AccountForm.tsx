import { Stack } from '@mantine/core';
import { type BankAccountCreate, bankAccountCreate } from '@prestaya/contracts';
import { FormActions } from '../../../components/FormActions.tsx';
import { FieldRow, TextField } from '../../../components/FormFields.tsx';
import { amountValue, MoneyInput } from '../../../components/MoneyInput.tsx';
import { saveCallbacks, schemaCheck, useCheckedForm } from '../../../lib/form.ts';
import { useCreateBankAccount } from '../api/create-bank-account.ts';

export interface AccountFormValues {
  name: string;
  bankName: string;
  cardNumber: string;
  clabe: string;
  customerName: string;
  balance: number | string;
}

const INITIAL: AccountFormValues = {
  name: '',
  bankName: '',
  cardNumber: '',
  clabe: '',
  customerName: '',
  balance: '',
};

/** What is sent: an empty opening balance is 0 (no 'Saldo inicial' transaction). */
function toPayload(values: AccountFormValues): BankAccountCreate {
  return { ...values, balance: amountValue(values.balance) ?? 0 };
}

const check = schemaCheck(bankAccountCreate, toPayload);

export interface AccountFormProps {
  onCancel: () => void;
  onSaved: () => void;
}

/** Fields of the 'Registrar Cuenta' dialog (docs/product.md §2 "BankAccountList"), validated with the contracts' schema. */
export function AccountForm({ onCancel, onSaved }: AccountFormProps) {
  const create = useCreateBankAccount();

  const { form, valid } = useCheckedForm(INITIAL, check);
  const changed = JSON.stringify(form.values) !== JSON.stringify(INITIAL);
  const pending = create.isPending;

  const submit = form.onSubmit((values) => {
    if (!valid || !changed || pending) return;
    create.mutate(
      bankAccountCreate.parse(toPayload(values)),
      saveCallbacks(form, {
        saved: 'Cuenta creada',
        failed: 'Error creando cuenta',
        onSaved: () => onSaved(),
      }),
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <FieldRow>
          <TextField form={form} name="name" label="Nombre" withAsterisk data-autofocus />
          <TextField form={form} name="bankName" label="Banco" placeholder="Efectivo, BBVA…" withAsterisk />
        </FieldRow>
        <FieldRow>
          <TextField
            form={form}
            name="cardNumber"
            label="No. Tarjeta"
            description="16 dígitos (opcional)"
            inputMode="numeric"
            maxLength={16}
          />
          <TextField
            form={form}
            name="clabe"
            label="CLABE"
            description="18 dígitos (opcional)"
            inputMode="numeric"
            maxLength={18}
          />
        </FieldRow>
        <TextField form={form} name="customerName" label="Titular" withAsterisk />
        <MoneyInput
          label="Saldo inicial"
          description="Se registra como un Depósito «Saldo inicial»"
          placeholder="$0.00"
          {...form.getInputProps('balance')}
        />
        <FormActions onCancel={onCancel} disabled={!valid || !changed || pending} loading={pending} />
      </Stack>
    </form>
  );
}
