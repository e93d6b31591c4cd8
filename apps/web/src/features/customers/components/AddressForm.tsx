import { type OptionsFilter, Select, SimpleGrid, Stack } from '@mantine/core';
import { type Address, type AddressInput, addressInput } from '@prestaya/contracts';
import { FormActions } from '../../../components/FormActions.tsx';
import { FieldRow, TextField } from '../../../components/FormFields.tsx';
import { saveCallbacks, schemaCheck, textFieldsOf, useCheckedForm } from '../../../lib/form.ts';
import { useCreateAddress } from '../api/create-address.ts';
import { useUpdateAddress } from '../api/update-address.ts';
import { foldText, STATE_OPTIONS } from '../labels.ts';

export interface AddressFormValues {
  street: string;
  numExterior: string;
  numInterior: string;
  neighborhood: string;
  city: string;
  state: string | null;
  postalCode: string;
}

function initialValues(address?: Address): AddressFormValues {
  return {
    ...textFieldsOf(address, ['street', 'numExterior', 'numInterior', 'neighborhood', 'city', 'postalCode']),
    state: address?.state ?? null,
  };
}

// An unchosen state is sent as '' so the schema answers 'El Estado es requerido'.
const toPayload = (values: AddressFormValues) => ({ ...values, state: values.state ?? '' }) as AddressInput;

const check = schemaCheck(addressInput, toPayload);

const same = (a: AddressFormValues, b: AddressFormValues) => JSON.stringify(a) === JSON.stringify(b);

/** Finds a state ignoring case and accents: 'queretaro', 'nuevo leon', 'mexico'. */
const stateFilter: OptionsFilter = ({ options, search }) => {
  const wanted = foldText(search);
  return options.filter((option) => 'label' in option && foldText(option.label).includes(wanted));
};

export interface AddressFormProps {
  customerId: string;
  /** The address being edited; absent to register a new one. */
  address?: Address;
  onCancel: () => void;
  onSaved: () => void;
}

/** Address form (docs/product.md §2, §5), validated on blur and on change with the contracts' `addressInput`. */
export function AddressForm({ customerId, address, onCancel, onSaved }: AddressFormProps) {
  const baseline = initialValues(address);
  const create = useCreateAddress();
  const update = useUpdateAddress();

  const { form, valid } = useCheckedForm(baseline, check);
  const changed = !same(form.values, baseline);
  const pending = create.isPending || update.isPending;

  const submit = form.onSubmit((values) => {
    if (!valid || !changed || pending) return;
    const body = addressInput.parse(toPayload(values));
    if (address) {
      update.mutate(
        { customerId, addressId: address.id, body },
        saveCallbacks(form, {
          saved: 'Dirección actualizada',
          failed: 'No se pudo actualizar la dirección',
          onSaved: () => onSaved(),
        }),
      );
    } else {
      create.mutate(
        { customerId, body },
        saveCallbacks(form, {
          saved: 'Dirección creada',
          failed: 'No se pudo registrar la dirección',
          onSaved: () => onSaved(),
        }),
      );
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextField form={form} name="street" label="Calle" data-autofocus />
        <SimpleGrid cols={2} spacing="sm">
          <TextField form={form} name="numExterior" label="No. Exterior" />
          <TextField form={form} name="numInterior" label="No. Interior" />
        </SimpleGrid>
        <FieldRow>
          <TextField form={form} name="neighborhood" label="Colonia" />
          <TextField form={form} name="city" label="Ciudad" />
        </FieldRow>
        <FieldRow>
          <Select
            label="Estado"
            data={STATE_OPTIONS}
            searchable
            filter={stateFilter}
            placeholder="Seleccione un estado"
            nothingFoundMessage="Ningún estado coincide"
            maxDropdownHeight={260}
            allowDeselect={false}
            {...form.getInputProps('state')}
          />
          <TextField
            form={form}
            name="postalCode"
            label="Código Postal"
            inputMode="numeric"
            maxLength={5}
            placeholder="5 dígitos"
          />
        </FieldRow>
        <FormActions onCancel={onCancel} disabled={!valid || !changed || pending} loading={pending} />
      </Stack>
    </form>
  );
}
