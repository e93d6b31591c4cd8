import {
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { type StatementMapping, type StatementMappingInput, statementMapping } from '@prestaya/contracts';
import { type FormEvent, useState } from 'react';
import { notify } from '../../../lib/notify.ts';
import { useSaveStatementMapping } from '../api/mapping.ts';

/** What a first statement of an account is assumed to look like until the administrator says otherwise. */
const FIRST_MAPPING: StatementMapping = {
  headerRows: 1,
  dateColumn: 'A',
  conceptColumn: 'B',
  referenceColumn: 'C',
  amountColumn: 'D',
  creditColumn: null,
  debitColumn: null,
  directionColumn: null,
  dateFormat: 'DD/MM/YYYY',
  decimalSeparator: '.',
  matchWindowDays: 3,
};

type Errors = Partial<Record<keyof StatementMapping, string>>;

/**
 * 'Columnas del estado de cuenta' of one account: the letter of each column, one signed amount or a
 * column of abonos and one of cargos, the date format, the decimal separator, the header rows and the
 * days a bank date may be away from the payment's. Saved per account and reused by every upload.
 */
export function MappingForm({
  accountId,
  saved,
  onSaved,
  onCancel,
}: {
  accountId: string;
  saved: StatementMapping | null;
  onSaved: () => void;
  onCancel?: () => void;
}) {
  const [form, setForm] = useState<StatementMapping>(saved ?? FIRST_MAPPING);
  const [split, setSplit] = useState(saved ? saved.amountColumn === null : false);
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveStatementMapping();
  const set = <K extends keyof StatementMapping>(key: K, value: StatementMapping[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const letter = (
    key:
      | 'dateColumn'
      | 'conceptColumn'
      | 'referenceColumn'
      | 'amountColumn'
      | 'creditColumn'
      | 'debitColumn'
      | 'directionColumn',
    label: string,
    required = false,
  ) => (
    <TextInput
      label={label}
      required={required}
      withAsterisk={required}
      maxLength={2}
      value={form[key] ?? ''}
      onChange={(event) => set(key, event.currentTarget.value.toUpperCase() || null)}
      error={errors[key]}
    />
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input: StatementMappingInput = split
      ? { ...form, amountColumn: null }
      : { ...form, creditColumn: null, debitColumn: null };
    const parsed = statementMapping.safeParse(input);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof StatementMapping;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    save.mutate(
      { accountId, mapping: parsed.data },
      {
        onSuccess: () => {
          notify.success('Columnas guardadas');
          onSaved();
        },
        onError: (error) => notify.apiError(error, 'No se pudieron guardar las columnas'),
      },
    );
  };
  return (
    <Paper withBorder radius="md" p="sm">
      <form onSubmit={submit} noValidate aria-label="Columnas del estado de cuenta">
        <Stack gap="sm">
          <Text fw={600}>Columnas del estado de cuenta</Text>
          <Text size="sm" c="dimmed">
            Escriba la letra de cada columna como la muestra Excel. Se recuerdan para esta cuenta.
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            {letter('dateColumn', 'Fecha', true)}
            {letter('conceptColumn', 'Concepto', true)}
            {letter('referenceColumn', 'Referencia')}
            {letter('directionColumn', 'Tipo (Abono/Cargo)')}
          </SimpleGrid>
          <SegmentedControl
            aria-label="Importe"
            fullWidth
            value={split ? 'split' : 'single'}
            onChange={(value) => setSplit(value === 'split')}
            data={[
              { value: 'single', label: 'Un importe' },
              { value: 'split', label: 'Abonos y cargos' },
            ]}
          />
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            {split ? (
              <>
                {letter('creditColumn', 'Abonos', true)}
                {letter('debitColumn', 'Cargos', true)}
              </>
            ) : (
              letter('amountColumn', 'Importe (cargos en negativo)', true)
            )}
          </SimpleGrid>
          {errors.amountColumn && split ? (
            <Text size="sm" c="red">
              {errors.amountColumn}
            </Text>
          ) : null}
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Select
              label="Formato de fecha"
              data={['DD/MM/YYYY', 'YYYY-MM-DD']}
              value={form.dateFormat}
              onChange={(value) => value && set('dateFormat', value as StatementMapping['dateFormat'])}
              allowDeselect={false}
            />
            <Select
              label="Separador decimal"
              data={[
                { value: '.', label: 'Punto (1,234.50)' },
                { value: ',', label: 'Coma (1.234,50)' },
              ]}
              value={form.decimalSeparator}
              onChange={(value) =>
                value && set('decimalSeparator', value as StatementMapping['decimalSeparator'])
              }
              allowDeselect={false}
            />
            <NumberInput
              label="Filas de encabezado"
              min={0}
              max={20}
              allowDecimal={false}
              value={form.headerRows}
              onChange={(value) => set('headerRows', Number(value))}
              error={errors.headerRows}
            />
            <NumberInput
              label="Días de tolerancia"
              description="Entre la fecha del banco y la del pago"
              min={0}
              max={15}
              allowDecimal={false}
              value={form.matchWindowDays}
              onChange={(value) => set('matchWindowDays', Number(value))}
              error={errors.matchWindowDays}
            />
          </SimpleGrid>
          <Group gap="sm">
            <Button type="submit" loading={save.isPending}>
              Guardar columnas
            </Button>
            {onCancel ? (
              <Button variant="default" onClick={onCancel}>
                Cancelar
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
