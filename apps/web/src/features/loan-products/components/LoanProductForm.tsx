import { NumberInput, type NumberInputProps, Stack, Text } from '@mantine/core';
import { type LoanProduct, type LoanProductInput, loanProductInput } from '@prestaya/contracts';
import { FormActions } from '../../../components/FormActions.tsx';
import { FieldRow, TextField } from '../../../components/FormFields.tsx';
import { amountValue, MoneyInput } from '../../../components/MoneyInput.tsx';
import { useUnsavedChanges } from '../../../components/UnsavedChanges.tsx';
import { saveCallbacks, schemaCheck, useCheckedForm } from '../../../lib/form.ts';
import { useSaveLoanProduct } from '../api/save-loan-product.ts';

export interface LoanProductFormValues {
  name: string;
  termWeeks: number | string;
  interestPercent: number | string;
  dailyFee: number | string;
  lateFeeCapPercent: number | string;
  minAmount: number | string;
  maxAmount: number | string;
  renewalThreshold: number | string;
  payoffDiscountPercent: number | string;
}

/** A new product starts as the specification's, renamed; an edit starts from the product. */
function initialValues(product: LoanProduct | undefined): LoanProductFormValues {
  return {
    name: product?.name ?? '',
    termWeeks: product?.termWeeks ?? 12,
    interestPercent: product?.interestPercent ?? 20,
    dailyFee: product?.dailyFee ?? 50,
    lateFeeCapPercent: product?.lateFeeCapPercent ?? 10,
    minAmount: product?.minAmount ?? 100,
    maxAmount: product?.maxAmount ?? 50_000,
    renewalThreshold: product?.renewalThreshold ?? 8,
    payoffDiscountPercent: product?.payoffDiscountPercent ?? 0,
  };
}

/** An empty number field is NaN here, so the contract refuses it with the field's own message. */
const numberOf = (value: number | string) => amountValue(value) ?? Number.NaN;

function toPayload(values: LoanProductFormValues): LoanProductInput {
  return {
    name: values.name,
    termWeeks: numberOf(values.termWeeks),
    interestPercent: numberOf(values.interestPercent),
    dailyFee: numberOf(values.dailyFee),
    lateFeeCapPercent: numberOf(values.lateFeeCapPercent),
    minAmount: numberOf(values.minAmount),
    maxAmount: numberOf(values.maxAmount),
    renewalThreshold: numberOf(values.renewalThreshold),
    payoffDiscountPercent: numberOf(values.payoffDiscountPercent),
  };
}

const check = schemaCheck(loanProductInput, toPayload);

const percentProps: Partial<NumberInputProps> = {
  suffix: ' %',
  decimalScale: 2,
  allowNegative: false,
  hideControls: true,
  inputMode: 'decimal',
};
const countProps: Partial<NumberInputProps> = {
  allowDecimal: false,
  allowNegative: false,
  hideControls: true,
  inputMode: 'numeric',
};

export interface LoanProductFormProps {
  /** The product edited; absent for a new one. */
  product?: LoanProduct;
  onCancel: () => void;
  onSaved: (product: LoanProduct) => void;
}

/**
 * The fields of a loan product (docs/architecture.md "Loan products"), validated with the contracts'
 * schema. Editing a product changes only the loans requested afterwards; the note says so.
 */
export function LoanProductForm({ product, onCancel, onSaved }: LoanProductFormProps) {
  const save = useSaveLoanProduct();
  const { form, valid } = useCheckedForm(initialValues(product), check);
  const changed = form.isDirty();
  const unsaved = useUnsavedChanges(changed);
  const pending = save.isPending;

  const submit = form.onSubmit((values) => {
    if (!valid || !changed || pending) return;
    save.mutate(
      { id: product?.id ?? null, body: loanProductInput.parse(toPayload(values)) },
      saveCallbacks(form, {
        saved: product ? 'Producto actualizado' : 'Producto creado',
        failed: product ? 'No se pudo actualizar el producto' : 'No se pudo crear el producto',
        onSaved: (saved) => {
          unsaved.release();
          onSaved(saved);
        },
      }),
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {product && (
          <Text size="xs" c="dimmed">
            Los cambios aplican a los préstamos que se soliciten después; cada préstamo conserva los términos
            con los que se solicitó.
          </Text>
        )}
        <TextField form={form} name="name" label="Nombre" withAsterisk data-autofocus maxLength={60} />
        <FieldRow>
          <NumberInput
            label="Plazo (pagos semanales)"
            withAsterisk
            {...countProps}
            {...form.getInputProps('termWeeks')}
          />
          <NumberInput
            label="Interés total"
            description="Tasa plana sobre todo el plazo"
            withAsterisk
            {...percentProps}
            {...form.getInputProps('interestPercent')}
          />
        </FieldRow>
        <FieldRow>
          <MoneyInput label="Multa diaria" withAsterisk {...form.getInputProps('dailyFee')} />
          <NumberInput
            label="Tope de multas por pago"
            description="Porcentaje del monto"
            withAsterisk
            {...percentProps}
            {...form.getInputProps('lateFeeCapPercent')}
          />
        </FieldRow>
        <FieldRow>
          <MoneyInput
            label="Monto mínimo"
            description="Nunca menor a $100"
            withAsterisk
            {...form.getInputProps('minAmount')}
          />
          <MoneyInput label="Monto máximo" withAsterisk {...form.getInputProps('maxAmount')} />
        </FieldRow>
        <FieldRow>
          <NumberInput
            label="Renovación"
            description="Pagos cubiertos para poder renovar"
            withAsterisk
            {...countProps}
            {...form.getInputProps('renewalThreshold')}
          />
          <NumberInput
            label="Descuento por liquidación anticipada"
            description="Parte del interés aún no vencido que se descuenta"
            withAsterisk
            {...percentProps}
            {...form.getInputProps('payoffDiscountPercent')}
          />
        </FieldRow>
        <FormActions
          onCancel={() => unsaved.confirmThen(onCancel)}
          disabled={!valid || !changed || pending}
          loading={pending}
        />
      </Stack>
      {unsaved.prompt}
    </form>
  );
}
