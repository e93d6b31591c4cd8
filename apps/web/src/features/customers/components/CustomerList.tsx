import { Stack } from '@mantine/core';
import type { CustomerListItem } from '@prestaya/contracts';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  CatalogTable,
  type ColumnDef,
  FoldedNameCell,
  RowStatus,
} from '../../../components/CatalogTable/index.ts';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { foldText } from '../../../lib/format.ts';
import { apiPaths, screenPaths } from '../../../lib/paths.ts';
import { getCustomers } from '../api/get-customers.ts';
import { customersKeys } from '../api/keys.ts';
import { agentName, CURRENT_LOAN_BADGES, customerFullName, NO_LOAN } from '../labels.ts';
import { CustomerDialog } from './CustomerDialog.tsx';

/** The status and balance of the customer's current loan, as the CustomerDetails header shows them. */
const loanStatus = (customer: CustomerListItem) => ({
  value: customer.currentLoan?.status ?? NO_LOAN,
  labels: CURRENT_LOAN_BADGES,
});
const balance = (customer: CustomerListItem) => customer.currentLoan?.currentBalance ?? 0;

/**
 * A phone shows number, name (with the status and balance folded under it) and the actions; wider
 * screens add phone, status and balance, then the agent, then CURP and registration date.
 */
const columns: ColumnDef<CustomerListItem>[] = [
  { header: 'No.', accessor: 'num', width: 72, sortable: true },
  {
    header: 'Nombre',
    accessor: 'name',
    sortable: true,
    render: (customer) => (
      <FoldedNameCell
        name={customerFullName(customer)}
        status={loanStatus(customer)}
        amount={balance(customer)}
      />
    ),
  },
  { header: 'Teléfono', accessor: 'phone', visibleFrom: 'sm', width: 120 },
  { header: 'CURP', accessor: 'curp', visibleFrom: 'lg' },
  {
    header: 'Agente',
    accessor: 'agent.name',
    visibleFrom: 'md',
    render: (customer) => (customer.agent ? agentName(customer.agent) : '—'),
  },
  {
    header: 'Estatus',
    accessor: 'currentLoan.status',
    sortKey: 'status',
    sortable: true,
    visibleFrom: 'sm',
    render: (customer) => <RowStatus {...loanStatus(customer)} />,
  },
  {
    header: 'Saldo',
    accessor: 'currentLoan.currentBalance',
    sortKey: 'balance',
    sortable: true,
    visibleFrom: 'sm',
    textAlign: 'right',
    render: (customer) => <MoneyText value={balance(customer)} />,
  },
  { header: 'Alta', accessor: 'createdOn', type: 'date', sortable: true, visibleFrom: 'lg' },
];

/**
 * The server's search (names and phone ignoring case and accents, the start of a CURP), applied to the
 * customers already on the phone when there is no signal.
 */
export function customerMatches(customer: CustomerListItem, query: string): boolean {
  const wanted = foldText(query);
  if (!wanted) return true;
  return (
    foldText(customerFullName(customer)).includes(wanted) ||
    customer.phone.includes(wanted) ||
    foldText(customer.curp).startsWith(wanted)
  );
}

/** /admin/customers: 'Clientes' (docs/product.md §2 "Customers list"); an agent only sees their own. */
export function CustomerList() {
  const navigate = useNavigate();
  const [registering, setRegistering] = useState(false);
  const open = (customer: { id: string }) => navigate(screenPaths.customer(customer.id));

  return (
    <Stack>
      <CatalogTable<CustomerListItem>
        listId="customers"
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
        offlineSearch={customerMatches}
      />
      <CustomerDialog opened={registering} onClose={() => setRegistering(false)} />
    </Stack>
  );
}
