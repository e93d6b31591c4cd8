import { Stack } from '@mantine/core';
import type { CustomerListItem } from '@prestaya/contracts';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CatalogTable, type ColumnDef } from '../../../components/CatalogTable/index.ts';
import { apiPaths, screenPaths } from '../../../lib/paths.ts';
import { getCustomers } from '../api/get-customers.ts';
import { customersKeys } from '../api/keys.ts';
import { CustomerDialog } from './CustomerDialog.tsx';

const columns: ColumnDef<CustomerListItem>[] = [
  { header: 'No.', accessor: 'num', width: 64 },
  { header: 'Nombre', accessor: 'name', concat: ['lastName', 'secondLastName'] },
  { header: 'Teléfono', accessor: 'phone', visibleFrom: 'sm', width: 160 },
];

/** /admin/customers: 'Clientes' (spec 2 "Customers list"); an agent only sees their own. */
export function CustomerList() {
  const navigate = useNavigate();
  const [registering, setRegistering] = useState(false);
  const open = (customer: { id: string }) => navigate(screenPaths.customer(customer.id));

  return (
    <Stack>
      <CatalogTable<CustomerListItem>
        title="Clientes"
        titleOrder={1}
        queryKey={customersKeys.lists()}
        fetchPage={getCustomers}
        columns={columns}
        searchable
        searchPlaceholder="Nombre, Apellido, Telefono"
        onAdd={() => setRegistering(true)}
        addLabel="Registrar"
        extraButtons={[{ label: 'Ver detalle', icon: <IconEye size={16} aria-hidden />, onClick: open }]}
        onRowClick={open}
        pageSize={10}
        exportCsv={{ path: `${apiPaths.customers}/export.csv`, fallbackName: 'clientes.csv' }}
      />
      <CustomerDialog opened={registering} onClose={() => setRegistering(false)} />
    </Stack>
  );
}
