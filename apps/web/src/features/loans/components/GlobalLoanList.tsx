import { Box, Group, Stack } from '@mantine/core';
import { LOAN_STATUS_LABELS, type Loan } from '@prestaya/contracts';
import {
  IconCashBanknote,
  IconCircleCheck,
  IconEye,
  IconReplace,
  IconTruckDelivery,
} from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  CatalogTable,
  type ColumnDef,
  type ExtraButton,
  FoldedNameCell,
  filterOptionsOf,
} from '../../../components/CatalogTable/index.ts';
import { RestructuredMark } from '../../../components/RestructuredMark.tsx';
import { StatusCell } from '../../../components/StatusBadge.tsx';
import { apiPaths, screenPaths } from '../../../lib/paths.ts';
import { useApprovalAccounts } from '../api/get-bank-accounts.ts';
import { getLoans } from '../api/get-loans.ts';
import { loansKeys } from '../api/keys.ts';
import {
  DELIVERED_STATUSES,
  GLOBAL_LIST_FILTER_STATUSES,
  LOAN_STATUS_BADGES,
  PAYABLE_STATUSES,
} from '../labels.ts';
import { ApproveDialog } from './ApproveDialog.tsx';
import { DeliverDialog } from './DeliverDialog.tsx';
import { PayoffDialog } from './PayoffDialog.tsx';
import { RestructureDialog } from './RestructureDialog.tsx';

export const GLOBAL_LOANS_TITLE = 'Lista Global de Préstamos';
export const GLOBAL_LOANS_PAGE_SIZE = 10;

const columns: ColumnDef<Loan>[] = [
  { header: 'No.', accessor: 'num', width: 72, sortable: true },
  {
    header: 'Cliente',
    accessor: 'customer.name',
    concat: ['customer.lastName'],
    render: (loan) => (
      <Stack gap={2} align="flex-start">
        <FoldedNameCell
          name={[loan.customer.name, loan.customer.lastName].join(' ')}
          status={{ value: loan.status, labels: LOAN_STATUS_BADGES }}
          amount={loan.amount}
        />
        {/* On a phone the Estatus column is folded into this cell: the mark goes with it. */}
        <Box hiddenFrom="sm">
          <RestructuredMark count={loan.restructureCount} />
        </Box>
      </Stack>
    ),
  },
  { header: 'Monto', accessor: 'amount', type: 'money', sortable: true, visibleFrom: 'sm' },
  {
    header: 'Estatus',
    accessor: 'status',
    visibleFrom: 'sm',
    render: (loan) => (
      <Group gap={4} wrap="nowrap">
        <StatusCell value={loan.status} labels={LOAN_STATUS_BADGES} />
        <RestructuredMark count={loan.restructureCount} />
      </Group>
    ),
  },
  { header: 'Fecha', accessor: 'createdOn', type: 'date', visibleFrom: 'md', sortable: true },
];

const filterOptions = filterOptionsOf(GLOBAL_LIST_FILTER_STATUSES, LOAN_STATUS_LABELS);

/** /admin/loans (admin): 'Lista Global de Préstamos' with Aprobar, Entregar and Detalle by status. */
export function GlobalLoanList() {
  const navigate = useNavigate();
  // docs/product.md §2 "GlobalLoanList": the bank accounts are loaded (page 1, size 20) on entry, ready for 'Aprobar'.
  useApprovalAccounts();
  const [dialog, setDialog] = useState<{
    kind: 'approve' | 'deliver' | 'restructure' | 'payoff' | null;
    loan: Loan | null;
  }>({
    kind: null,
    loan: null,
  });
  const close = () => setDialog((d) => ({ ...d, kind: null }));

  const extraButtons = useMemo<ExtraButton<Loan>[]>(
    () => [
      {
        label: 'Aprobar',
        icon: <IconCircleCheck size={16} aria-hidden />,
        onClick: (loan) => setDialog({ kind: 'approve', loan }),
        condition: (loan) => loan.status === 'PENDING',
      },
      {
        label: 'Entregar',
        icon: <IconTruckDelivery size={16} aria-hidden />,
        onClick: (loan) => setDialog({ kind: 'deliver', loan }),
        condition: (loan) => loan.status === 'APPROVED',
      },
      {
        label: 'Reestructurar',
        icon: <IconReplace size={16} aria-hidden />,
        onClick: (loan) => setDialog({ kind: 'restructure', loan }),
        condition: (loan) => PAYABLE_STATUSES.includes(loan.status),
      },
      {
        label: 'Liquidar',
        icon: <IconCashBanknote size={16} aria-hidden />,
        onClick: (loan) => setDialog({ kind: 'payoff', loan }),
        condition: (loan) => PAYABLE_STATUSES.includes(loan.status),
      },
      {
        label: 'Detalle',
        icon: <IconEye size={16} aria-hidden />,
        onClick: (loan) => navigate(screenPaths.customer(loan.customer.id)),
        condition: (loan) => DELIVERED_STATUSES.includes(loan.status),
      },
    ],
    [navigate],
  );

  return (
    <Stack>
      <CatalogTable<Loan>
        listId="loans"
        title={GLOBAL_LOANS_TITLE}
        titleOrder={1}
        queryKey={loansKeys.lists()}
        fetchPage={getLoans}
        columns={columns}
        pageSize={GLOBAL_LOANS_PAGE_SIZE}
        searchable
        searchPlaceholder="No. préstamo o cliente"
        filterOptions={filterOptions}
        filterLabel="Estatus"
        extraButtons={extraButtons}
        exportCsv={{ path: `${apiPaths.loans}/export.csv`, fallbackName: 'prestamos.csv' }}
      />
      <ApproveDialog loan={dialog.loan} opened={dialog.kind === 'approve'} onClose={close} onDone={close} />
      <DeliverDialog loan={dialog.loan} opened={dialog.kind === 'deliver'} onClose={close} onDone={close} />
      <RestructureDialog loan={dialog.loan} opened={dialog.kind === 'restructure'} onClose={close} />
      <PayoffDialog loan={dialog.kind === 'payoff' ? dialog.loan : null} onClose={close} />
    </Stack>
  );
}
