import { ActionIcon, Button, Group, Paper, Stack, Title, type TitleOrder } from '@mantine/core';
import type { Address, Customer } from '@prestaya/contracts';
import { IconMapPinOff, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useState } from 'react';
import { TableEmpty } from '../../../components/CatalogTable/index.ts';
import { ConfirmDelete } from '../../../components/ConfirmModal.tsx';
import { toastOutcome } from '../../../lib/notify.ts';
import { useDeleteAddress } from '../api/delete-address.ts';
import { stateName } from '../labels.ts';
import { AddressDialog } from './AddressDialog.tsx';

export const NO_ADDRESSES_TEXT = 'No hay direcciones registradas';

function addressLine(address: Address): string {
  const number = [address.numExterior, address.numInterior && `Int. ${address.numInterior}`]
    .filter(Boolean)
    .join(' ');
  return `${address.street} ${number}, ${address.neighborhood}, ${address.city}`;
}

export interface AddressSectionProps {
  customer: Customer;
  headingOrder?: TitleOrder;
}

/** 'Direcciones' of the personal-info form when editing (docs/product.md §2): the table plus 'Registrar'. */
export function AddressSection({ customer, headingOrder = 3 }: AddressSectionProps) {
  const [dialog, setDialog] = useState<{ opened: boolean; address: Address | null }>({
    opened: false,
    address: null,
  });
  const [toDelete, setToDelete] = useState<Address | null>(null);
  const remove = useDeleteAddress();

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(
      { customerId: customer.id, addressId: toDelete.id },
      toastOutcome('Dirección eliminada', 'No se pudo eliminar la dirección', {
        onSuccess: () => setToDelete(null),
      }),
    );
  };

  const columns: DataTableColumn<Address>[] = [
    { accessor: 'street', title: 'Calle' },
    { accessor: 'numExterior', title: 'No. Ext.' },
    { accessor: 'numInterior', title: 'No. Int.' },
    { accessor: 'neighborhood', title: 'Colonia' },
    { accessor: 'city', title: 'Ciudad' },
    { accessor: 'state', title: 'Estado', render: (address) => stateName(address.state) },
    { accessor: 'postalCode', title: 'C.P.' },
    {
      accessor: 'actions',
      title: 'Acciones',
      textAlign: 'right',
      width: 96,
      render: (address) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Editar dirección ${address.street}`}
            title="Editar"
            onClick={() => setDialog({ opened: true, address })}
          >
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Eliminar dirección ${address.street}`}
            title="Eliminar"
            onClick={() => setToDelete(address)}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="sm" component="section" aria-label="Direcciones">
      <Group justify="space-between" align="center">
        <Title order={headingOrder} size="h4">
          Direcciones
        </Title>
        <Button
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => setDialog({ opened: true, address: null })}
        >
          Registrar
        </Button>
      </Group>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <DataTable<Address>
          aria-label="Direcciones"
          records={customer.addresses}
          columns={columns}
          idAccessor="id"
          withTableBorder={false}
          pinLastColumn
          striped
          highlightOnHover
          verticalSpacing="sm"
          minHeight={customer.addresses.length ? undefined : 150}
          noRecordsText={NO_ADDRESSES_TEXT}
          // The table keeps its empty state mounted (hidden by CSS): render the text only when empty.
          emptyState={
            <TableEmpty
              show={customer.addresses.length === 0}
              icon={<IconMapPinOff size={28} aria-hidden />}
              text={NO_ADDRESSES_TEXT}
            />
          }
        />
      </Paper>
      <AddressDialog
        opened={dialog.opened}
        customerId={customer.id}
        address={dialog.address}
        onClose={() => setDialog((d) => ({ ...d, opened: false }))}
      />
      <ConfirmDelete
        title="¿Eliminar esta dirección?"
        what={toDelete && <strong>{addressLine(toDelete)}</strong>}
        onClose={() => setToDelete(null)}
        onConfirm={confirmDelete}
        loading={remove.isPending}
      />
    </Stack>
  );
}
