import { Alert, Checkbox, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  CAT_LABEL,
  formatCat,
  LOAN_DAILY_FEE_OPTIONS,
  LOAN_STATUS_LABELS,
  LOAN_TERM_OPTIONS,
  type Loan,
  type LoanProduct,
  type LoanStatus,
  loanCreate,
  loanUpdate,
} from '@prestaya/contracts';
import { editableStatuses } from '@prestaya/domain';
import { IconInfoCircle, IconLock } from '@tabler/icons-react';
import { FormActions } from '../../../components/FormActions.tsx';
import { MoneyInput } from '../../../components/MoneyInput.tsx';
import { useUnsavedChanges } from '../../../components/UnsavedChanges.tsx';
import { saveCallbacks, useCheckedForm } from '../../../lib/form.ts';
import { businessToday, formatMoney } from '../../../lib/format.ts';
import { activeProducts, useLoanProducts } from '../../../lib/loan-products.ts';
import { hasRole, useSession } from '../../../lib/session.ts';
import { useCreateLoan } from '../api/create-loan.ts';
import { useUpdateLoan } from '../api/update-loan.ts';
import { DEFAULT_INTEREST_RATE, estimateCat, estimateLoan } from '../estimate.ts';
import {
  createPayload,
  type Errors,
  initialValues,
  type LoanFormValues,
  loanAmount,
  permissionsFor,
  schemaErrors,
  updatePayload,
} from './loan-form-values.ts';
import { RequestDateInput } from './RequestDateInput.tsx';

export const LOAN_FROM_PAST_NOTE = 'Evita salida de dinero de las cuentas';
export const LOCKED_TERMS_NOTE =
  'Monto, plazo y multa diaria solo se pueden modificar mientras el préstamo está en espera';

/** The spec's options, plus the value the loan holds when its product set another (a loan keeps its copy). */
const termOptions = (current: string) =>
  [...new Set([...LOAN_TERM_OPTIONS.map(String), current])].map((weeks) => ({
    value: weeks,
    label: `${weeks} semanas`,
  }));
const dailyFeeOptions = (current: string) =>
  [...new Set([...LOAN_DAILY_FEE_OPTIONS.map(String), current])].map((fee) => ({
    value: fee,
    label: formatMoney(Number(fee)),
  }));

export const CHOOSE_PRODUCT_MESSAGE = 'Seleccione el producto';

/** A product's share as the form writes it ('10%', '12.5%'). */
const percentText = (n: number) => `${Number(n.toFixed(2))}%`;

export interface LoanFormProps {
  /** The customer a new loan is requested for. */
  customerId: string;
  /** The loan being edited (loaded by id); absent to request a new one. */
  loan?: Loan;
  onCancel: () => void;
  onSaved: (loan: Loan) => void;
}

/**
 * The loan form (docs/product.md §2 "Loan form"), for a new request and for editing. The weekly fee is read-only
 * and follows the amount; the weekly installment and the total to repay are previewed the way the
 * server computes them, and the saved loan shows the server's own figures.
 */
export function LoanForm({ customerId, loan, onCancel, onSaved }: LoanFormProps) {
  const admin = hasRole(useSession()?.user, 'ROLE_ADMIN');
  const can = permissionsFor(loan, admin);
  const create = useCreateLoan();
  const update = useUpdateLoan();
  const pending = create.isPending || update.isPending;
  // With one active product (a new installation) the form is the specification's and sends no
  // product: the server uses that one. With more, the product comes first and fixes the rest.
  const offered = activeProducts(useLoanProducts().data);
  const choosing = offered.length > 1;

  const validate = (values: LoanFormValues): Errors => {
    const errors = loan
      ? schemaErrors(loanUpdate, updatePayload(loan, values, can))
      : schemaErrors(loanCreate, createPayload(values, admin));
    if (choosing && !values.productId) errors.productId ??= CHOOSE_PRODUCT_MESSAGE;
    return errors;
  };

  const { form, valid } = useCheckedForm(initialValues(loan), validate);
  const chosen: LoanProduct | undefined = choosing
    ? offered.find((product) => product.id === form.values.productId)
    : undefined;
  const known = chosen ?? (offered.length === 1 && !loan ? offered[0] : undefined);
  const chooseProduct = (id: string | null) => {
    const product = offered.find((p) => p.id === id);
    if (!product) return;
    form.setValues({
      productId: product.id,
      term: String(product.termWeeks),
      dailyFee: String(product.dailyFee),
    });
  };
  // The loan's own products and the loan's own product when it is no longer offered.
  const productOptions = [
    ...offered.map((product) => ({ value: product.id, label: product.name })),
    ...(loan?.product && !offered.some((p) => p.id === loan.product?.id)
      ? [{ value: loan.product.id, label: `${loan.product.name} (inactivo)` }]
      : []),
  ];
  const changed = loan ? Object.keys(updatePayload(loan, form.values, can)).length > 0 : true;
  const unsaved = useUnsavedChanges(loan ? changed : form.isDirty());
  const saved = (result: Loan) => {
    unsaved.release();
    onSaved(result);
  };

  // Saved figures are the server's; a changed (or new) amount is previewed like the server computes it.
  const amount = loanAmount(form.values.amount);
  const chosenAnother = Boolean(loan && chosen && chosen.id !== loan.product?.id);
  const fromServer = loan && amount === loan.amount && !chosenAnother;
  const rate = chosen ? chosen.interestPercent / 100 : (loan?.interestRate ?? DEFAULT_INTEREST_RATE);
  const capRate = chosen ? chosen.lateFeeCapPercent / 100 : (loan?.lateFeeCapRate ?? 0.1);
  const preview = fromServer
    ? {
        weeklyFee: loan.weeklyFee,
        installment: loan.installmentAmount,
        totalToRepay: loan.totalToRepay,
      }
    : estimateLoan(amount, rate, Number(form.values.term), capRate);
  const cat = estimateCat(amount, preview.totalToRepay, Number(form.values.term));

  const submit = form.onSubmit((values) => {
    if (!valid || !changed || pending) return;
    if (loan) {
      update.mutate(
        { id: loan.id, body: loanUpdate.parse(updatePayload(loan, values, can)) },
        saveCallbacks(form, {
          saved: 'Préstamo actualizado',
          failed: 'No se pudo actualizar el préstamo',
          onSaved: saved,
        }),
      );
    } else {
      create.mutate(
        // Sent as validated, without the schema's defaults: an agent's request carries no admin-only field.
        { customerId, body: createPayload(values, admin) },
        saveCallbacks(form, {
          saved: 'Préstamo creado',
          failed: 'No se pudo registrar el préstamo',
          onSaved: saved,
        }),
      );
    }
  });

  // Only what the server accepts from the loan's status: Aprobar and Entregar move it forward, and
  // installments and fees decide a delivered loan's status.
  const statuses: LoanStatus[] = loan ? editableStatuses(loan.status, loan.loanFromPast) : ['PENDING'];
  const statusOptions = statuses.map((value) => ({ value, label: LOAN_STATUS_LABELS[value] }));
  const lockIcon = can.terms ? undefined : <IconLock size={14} aria-hidden />;
  // Term and daily fee are the product's: read-only once products are chosen from.
  const termsFixed = !can.terms || choosing;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {!can.terms && (
          <Group gap={6} wrap="nowrap" c="dimmed">
            <IconLock size={14} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="xs">{LOCKED_TERMS_NOTE}</Text>
          </Group>
        )}
        {choosing && (
          <Select
            label="Producto"
            placeholder="Elija el producto"
            data={productOptions}
            allowDeselect={false}
            withAsterisk={can.terms}
            disabled={!can.terms}
            rightSection={lockIcon}
            {...(loan ? {} : { 'data-autofocus': true })}
            {...form.getInputProps('productId')}
            onChange={chooseProduct}
          />
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <MoneyInput
            label="Monto"
            placeholder="$0.00"
            withAsterisk={can.terms}
            disabled={!can.terms}
            rightSection={lockIcon}
            description={
              known && can.terms
                ? `De ${formatMoney(known.minAmount)} a ${formatMoney(known.maxAmount)}`
                : undefined
            }
            {...(choosing && !loan ? {} : { 'data-autofocus': true })}
            {...form.getInputProps('amount')}
          />
          <TextInput
            label="Multa semanal"
            value={formatMoney(preview.weeklyFee)}
            readOnly
            variant="filled"
            rightSection={
              <Text size="xs" c="dimmed" aria-hidden>
                {percentText(capRate * 100)}
              </Text>
            }
            title={`${percentText(capRate * 100)} del monto`}
            styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
          />
          <Select
            label="Plazo"
            data={termOptions(form.values.term)}
            allowDeselect={false}
            disabled={termsFixed}
            rightSection={lockIcon}
            {...form.getInputProps('term')}
          />
          <Select
            label="Multa diaria"
            data={dailyFeeOptions(form.values.dailyFee)}
            allowDeselect={false}
            disabled={termsFixed}
            rightSection={lockIcon}
            {...form.getInputProps('dailyFee')}
          />
          <Select
            label="Estatus"
            data={statusOptions}
            allowDeselect={false}
            disabled={!can.status || statuses.length < 2}
            {...form.getInputProps('status')}
          />
          {admin && (
            <RequestDateInput
              label="Fecha de solicitud"
              maxDate={businessToday()}
              disabled={!can.requestDate}
              {...form.getInputProps('requestDate')}
            />
          )}
        </SimpleGrid>
        {admin && (
          <Checkbox
            label="Préstamo ya iniciado"
            description={LOAN_FROM_PAST_NOTE}
            disabled={!can.loanFromPast}
            {...form.getInputProps('loanFromPast', { type: 'checkbox' })}
          />
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="Pago semanal"
            value={formatMoney(preview.installment)}
            readOnly
            variant="filled"
            styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
          />
          <TextInput
            label="Total a pagar"
            value={formatMoney(preview.totalToRepay)}
            readOnly
            variant="filled"
            styles={{ input: { fontVariantNumeric: 'tabular-nums', fontWeight: 600 } }}
          />
        </SimpleGrid>
        <Text size="sm" data-testid="loan-form-cat">
          {CAT_LABEL}:{' '}
          <Text span fw={700}>
            {cat === null ? '—' : formatCat(cat)}
          </Text>
        </Text>
        {!fromServer && (
          <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />} p="xs">
            <Text size="xs">
              Estimado como lo calcula el sistema: monto × {Number((1 + rate).toFixed(4))} entre{' '}
              {form.values.term} pagos semanales; el último pago absorbe el redondeo. Los montos definitivos
              se fijan al guardar.
            </Text>
          </Alert>
        )}
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
