import { Button, Group, Stack, TextInput, Title, type TitleOrder } from '@mantine/core';
import { type Customer, type CustomerInput, customerEditInput, customerInput } from '@prestaya/contracts';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { FieldRow, TextField } from '../../../components/FormFields.tsx';
import { AGENT_PICKER_TEXTS, StaffSelect } from '../../../components/StaffSelect.tsx';
import { useUnsavedChanges } from '../../../components/UnsavedChanges.tsx';
import { saveCallbacks, schemaCheck, textFieldsOf, useCheckedForm } from '../../../lib/form.ts';
import { useSession } from '../../../lib/session.ts';
import { useCreateCustomer } from '../api/create-customer.ts';
import { searchAgents } from '../api/get-agents.ts';
import { useUpdateCustomer } from '../api/update-customer.ts';
import { agentName } from '../labels.ts';
import { AddressSection } from './AddressSection.tsx';

export interface CustomerFormValues {
  name: string;
  lastName: string;
  secondLastName: string;
  phone: string;
  curp: string;
  rfc: string;
  agentId: string | null;
  status: Customer['status'];
}

function initialValues(customer: Customer | undefined, currentUserId: string | null): CustomerFormValues {
  return {
    ...textFieldsOf(customer, ['name', 'lastName', 'secondLastName', 'phone', 'curp', 'rfc']),
    // docs/product.md §6: a new customer belongs to whoever registers them unless another agent is chosen.
    agentId: customer ? customer.agentId : currentUserId,
    status: customer?.status ?? 'PENDING',
  };
}

const toPayload = (values: CustomerFormValues): CustomerInput => ({
  ...values,
  agentId: values.agentId || null,
});

const checkNew = schemaCheck(customerInput, toPayload);
const checkEdit = schemaCheck(customerEditInput, toPayload);

/**
 * The schema the values answer to: a new CURP, or a changed one, is checked in full; the stored one as
 * it is, so a customer saved before the full check stays editable (the server does the same).
 */
const schemaFor = (values: CustomerFormValues, storedCurp: string | undefined) =>
  storedCurp !== undefined && values.curp.trim().toUpperCase() === storedCurp
    ? { check: checkEdit, schema: customerEditInput }
    : { check: checkNew, schema: customerInput };

const same = (a: CustomerFormValues, b: CustomerFormValues) => JSON.stringify(a) === JSON.stringify(b);

export interface CustomerFormProps {
  /** The customer being edited; absent to register a new one. */
  customer?: Customer;
  onCancel?: () => void;
  onSaved?: (customer: Customer) => void;
  /** Level of the section headings ('Datos Personales', 'Direcciones'). */
  headingOrder?: TitleOrder;
}

/**
 * Personal-info form (docs/product.md §2, §5): one form to register and to edit a customer, validated on blur and
 * on change with the contracts' `customerInput`. When editing, the 'Direcciones' section follows it.
 */
export function CustomerForm({ customer, onCancel, onSaved, headingOrder = 3 }: CustomerFormProps) {
  const editing = !!customer;
  const currentUserId = useSession()?.user.id ?? null;
  // What counts as "unchanged": the customer as loaded, then as the server saved it.
  const [baseline, setBaseline] = useState(() => initialValues(customer, currentUserId));
  const create = useCreateCustomer();
  const update = useUpdateCustomer();

  const storedCurp = editing ? baseline.curp : undefined;
  const { form, valid } = useCheckedForm(baseline, (values) => schemaFor(values, storedCurp).check(values));
  const changed = !same(form.values, baseline);
  const pending = create.isPending || update.isPending;
  const unsaved = useUnsavedChanges(changed);

  // The customer's agent shows even when the first page does not offer them (later in the alphabet,
  // or no longer active).
  const currentAgent = customer?.agent && { value: customer.agent.id, label: agentName(customer.agent) };

  const submit = form.onSubmit((values) => {
    if (!valid || !changed || pending) return;
    const body = schemaFor(values, storedCurp).schema.parse(toPayload(values));
    if (customer) {
      update.mutate(
        { id: customer.id, body },
        saveCallbacks(form, {
          saved: 'Cliente actualizado',
          failed: 'Error actualizando cliente',
          onSaved: (saved) => {
            // What the server stored (trimmed, CURP in capitals) becomes the new unchanged state.
            const stored = initialValues(saved, currentUserId);
            setBaseline(stored);
            form.setValues(stored);
            unsaved.release();
            onSaved?.(saved);
          },
        }),
      );
    } else {
      create.mutate(
        body,
        saveCallbacks(form, {
          saved: 'Cliente registrado correctamente',
          failed: 'Error registrando cliente',
          onSaved: (saved) => {
            unsaved.release();
            onSaved?.(saved);
          },
        }),
      );
    }
  });

  const discard = () => {
    form.setValues(baseline);
    form.clearErrors();
  };

  const curp = form.getInputProps('curp');

  return (
    <Stack gap="xl">
      <form onSubmit={submit} noValidate aria-label="Datos Personales">
        <Stack gap="sm">
          <Title order={headingOrder} size="h4">
            Datos Personales
          </Title>
          <FieldRow cols={3}>
            <TextField form={form} name="name" label="Nombre" data-autofocus />
            <TextField form={form} name="lastName" label="Apellido Paterno" />
            <TextField form={form} name="secondLastName" label="Apellido Materno" />
          </FieldRow>
          <FieldRow cols={3}>
            <TextField
              form={form}
              name="phone"
              label="Teléfono"
              type="tel"
              inputMode="numeric"
              maxLength={10}
              placeholder="10 dígitos"
            />
            <TextInput
              label="CURP"
              maxLength={18}
              placeholder="18 caracteres"
              autoComplete="off"
              spellCheck={false}
              {...curp}
              onChange={(event) => form.setFieldValue('curp', event.currentTarget.value.toUpperCase())}
            />
            <StaffSelect
              {...AGENT_PICKER_TEXTS}
              search={searchAgents}
              optionLabel={agentName}
              selected={currentAgent}
              allowDeselect={false}
              {...form.getInputProps('agentId')}
            />
          </FieldRow>
          <FieldRow cols={3}>
            <TextInput
              label="RFC"
              description="Opcional, persona física (13 caracteres)"
              maxLength={13}
              placeholder="13 caracteres"
              autoComplete="off"
              spellCheck={false}
              {...form.getInputProps('rfc')}
              onChange={(event) => form.setFieldValue('rfc', event.currentTarget.value.toUpperCase())}
            />
          </FieldRow>
          <Group justify="flex-end" mt="xs">
            {editing ? (
              <Button variant="default" disabled={!changed || pending} onClick={discard}>
                Descartar cambios
              </Button>
            ) : (
              <Button variant="default" onClick={() => onCancel && unsaved.confirmThen(onCancel)}>
                Cancelar
              </Button>
            )}
            <Button
              type="submit"
              disabled={!valid || !changed || pending}
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            >
              Guardar
            </Button>
          </Group>
        </Stack>
      </form>
      {customer && <AddressSection customer={customer} headingOrder={headingOrder} />}
      {unsaved.prompt}
    </Stack>
  );
}
