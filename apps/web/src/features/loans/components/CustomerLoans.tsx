import { Stack, Text } from '@mantine/core';
import type { Loan, PagedQuery } from '@prestaya/contracts';
import { isOpenStatus } from '@prestaya/domain';
import {
  IconAlertOctagon,
  IconAlertTriangle,
  IconCalendarEvent,
  IconCash,
  IconCashBanknote,
  IconFileCertificate,
  IconHistory,
  IconLink,
  IconListDetails,
  IconPrinter,
  IconRefresh,
  IconReplace,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { CatalogTable, type ColumnDef, type ExtraButton } from '../../../components/CatalogTable/index.ts';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { RestructuredMark } from '../../../components/RestructuredMark.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { notify } from '../../../lib/notify.ts';
import { screenPaths } from '../../../lib/paths.ts';
import { openPrintTab } from '../../../lib/print.ts';
import { hasRole, useSession } from '../../../lib/session.ts';
import { getCustomerLoans } from '../api/get-customer-loans.ts';
import { keepStatementsOnPhone } from '../api/keep-statements.ts';
import { loansKeys } from '../api/keys.ts';
import { copyText } from '../clipboard.ts';
import { LINK_COPIED, LOAN_STATUS_BADGES, PAYABLE_STATUSES } from '../labels.ts';
import { LoanDialog } from './LoanDialog.tsx';
import { LoanInfoDialog, type LoanInfoKind } from './LoanInfoDialog.tsx';
import { PayoffDialog } from './PayoffDialog.tsx';
import { RenewDialog } from './RenewDialog.tsx';
import { RestructureDialog } from './RestructureDialog.tsx';
import { WriteOffDialog } from './WriteOffDialog.tsx';

/** docs/product.md §7: loan lists use page size 10. */
export const CUSTOMER_LOANS_PAGE_SIZE = 10;
export const NO_LOANS_TEXT = 'Este cliente aún no tiene préstamos';

const columns: ColumnDef<Loan>[] = [
  { header: 'No.', accessor: 'num', width: 64 },
  { header: 'Fecha', accessor: 'createdOn', type: 'date', visibleFrom: 'sm' },
  {
    header: 'Estatus',
    accessor: 'status',
    // On a phone the amount goes under the status: the row keeps No., status and actions in view.
    render: (loan) => (
      <Stack gap={2} align="flex-start">
        <StatusBadge value={loan.status} labels={LOAN_STATUS_BADGES} />
        <RestructuredMark count={loan.restructureCount} />
        <Text size="xs" c="dimmed" hiddenFrom="xs">
          <MoneyText value={loan.amount} />
        </Text>
      </Stack>
    ),
  },
  { header: 'Monto', accessor: 'amount', type: 'money', visibleFrom: 'xs' },
  { header: 'Monto real', accessor: 'currentRealAmount', type: 'money', visibleFrom: 'sm' },
  { header: 'Saldo', accessor: 'currentBalance', type: 'money', visibleFrom: 'sm' },
];

/**
 * The customer's open loan a new request could renew: none while a request is already on its way
 * (PENDING or APPROVED), which is the loan in progress then.
 */
function renewableOf(loans: readonly Loan[]): Loan | null {
  if (loans.some((loan) => loan.status === 'PENDING' || loan.status === 'APPROVED')) return null;
  return loans.find((loan) => PAYABLE_STATUSES.includes(loan.status)) ?? null;
}

/** The public link of a loan (docs/product.md §2 "Loans tab on a customer", Link): `${origin}/loans/{id}`. */
export function publicLoanUrl(loan: Pick<Loan, 'id'>): string {
  return `${window.location.origin}${screenPaths.publicLoan(loan.id)}`;
}

export interface CustomerLoansProps {
  customerId: string;
}

/**
 * The customer's 'Préstamos' tab (docs/product.md §2 "Loans tab on a customer"): 'Solicitar' opens 'Nueva solicitud
 * de Préstamo', Editar loads the loan by id, and the row buttons Pagos, Multas, Pagar (ACTIVE or
 * DELAYED), Calendario (once delivered) and Link.
 */
export function CustomerLoans({ customerId }: CustomerLoansProps) {
  const [loanDialog, setLoanDialog] = useState<{ opened: boolean; loanId: string | null }>({
    opened: false,
    loanId: null,
  });
  const [info, setInfo] = useState<{ opened: boolean; kind: LoanInfoKind; loan: Loan | null }>({
    opened: false,
    kind: 'payments',
    loan: null,
  });
  const isAdmin = hasRole(useSession()?.user, 'ROLE_ADMIN');
  const [restructuring, setRestructuring] = useState<{ opened: boolean; loan: Loan | null }>({
    opened: false,
    loan: null,
  });
  const [toWriteOff, setToWriteOff] = useState<Loan | null>(null);
  const [toPayOff, setToPayOff] = useState<Loan | null>(null);
  const [toRenew, setToRenew] = useState<Loan | null>(null);
  // Whether the customer has any loan at all, read from the first page the table loads.
  const [total, setTotal] = useState<number | null>(null);
  // The loan a new request could renew, read from the same page (the newest loans come first).
  const [renewable, setRenewable] = useState<Loan | null>(null);

  const queryClient = useQueryClient();
  const fetchPage = useCallback(
    async (params: PagedQuery) => {
      const page = await getCustomerLoans(customerId, params);
      if (params.page === 1) {
        setTotal(page.totalDocuments);
        setRenewable(renewableOf(page.data));
      }
      keepStatementsOnPhone(queryClient, page.data);
      return page;
    },
    [customerId, queryClient],
  );

  const extraButtons = useMemo<ExtraButton<Loan>[]>(() => {
    const open = (kind: LoanInfoKind) => (loan: Loan) => setInfo({ opened: true, kind, loan });
    const copyLink = async (loan: Loan) => {
      const url = publicLoanUrl(loan);
      if (await copyText(url)) notify.success(LINK_COPIED);
      else notify.error('No se pudo copiar el link', url);
    };
    // docs/product.md §4 offers Pagos and Multas for ACTIVE/DELAYED loans; a PAID loan keeps them too, so its history
    // stays reachable. Before delivery a loan can have neither payments nor fines.
    const delivered = (loan: Loan) => loan.activatedOn !== null;
    return [
      {
        label: 'Pagos',
        icon: <IconListDetails size={16} aria-hidden />,
        onClick: open('payments'),
        condition: delivered,
      },
      {
        label: 'Multas',
        icon: <IconAlertTriangle size={16} aria-hidden />,
        onClick: open('fines'),
        condition: delivered,
      },
      {
        label: 'Pagar',
        icon: <IconCash size={16} aria-hidden />,
        onClick: open('pay'),
        condition: (loan) => PAYABLE_STATUSES.includes(loan.status),
      },
      {
        label: 'Liquidar',
        icon: <IconCashBanknote size={16} aria-hidden />,
        onClick: (loan) => setToPayOff(loan),
        // The quote says when it cannot (a payment in validation); the server decides.
        condition: (loan) => PAYABLE_STATUSES.includes(loan.status),
      },
      {
        label: 'Renovar',
        icon: <IconRefresh size={16} aria-hidden />,
        onClick: (loan) => setToRenew(loan),
        // The dialog says whether its renewal threshold is reached; the server checks it again.
        condition: (loan) => PAYABLE_STATUSES.includes(loan.status),
      },
      {
        label: 'Calendario',
        icon: <IconCalendarEvent size={16} aria-hidden />,
        onClick: open('schedule'),
        // The schedule is generated at delivery.
        condition: delivered,
      },
      { label: 'Link', icon: <IconLink size={16} aria-hidden />, onClick: (loan) => void copyLink(loan) },
      { label: 'Historial', icon: <IconHistory size={16} aria-hidden />, onClick: open('history') },
      {
        label: 'Castigar',
        icon: <IconAlertOctagon size={16} aria-hidden />,
        onClick: (loan) => setToWriteOff(loan),
        // An open loan: the server recomputes it as of today and decides whether it is DELAYED and
        // overdue enough (the policy's days), and says why not.
        condition: (loan) => isAdmin && isOpenStatus(loan.status),
      },
      {
        label: 'Imprimir estado de cuenta',
        icon: <IconPrinter size={16} aria-hidden />,
        onClick: (loan) => openPrintTab(screenPaths.printLoanStatement(loan.id)),
        // A statement has lines once the schedule exists.
        condition: delivered,
      },
      {
        label: 'Contrato y pagaré',
        icon: <IconFileCertificate size={16} aria-hidden />,
        onClick: (loan) => openPrintTab(screenPaths.printLoanContract(loan.id)),
        // Administrators sign and deliver, so the menu offers it to them; the documents themselves follow
        // the loan's access (an agent may open the link), and the agent's menu stays the specification's.
        condition: (loan) => isAdmin && loan.status !== 'CANCELLED',
      },
      {
        label: 'Reestructurar',
        icon: <IconReplace size={16} aria-hidden />,
        onClick: (loan) => setRestructuring({ opened: true, loan }),
        // Administrators, on an open loan (the server refuses anything else too).
        condition: (loan) => isAdmin && PAYABLE_STATUSES.includes(loan.status),
      },
    ];
  }, [isAdmin]);

  return (
    <Stack gap="sm">
      {total === 0 && (
        <Text size="sm" c="dimmed">
          {NO_LOANS_TEXT}. Use «Solicitar» para registrar su primera solicitud.
        </Text>
      )}
      <CatalogTable<Loan>
        listId="customer-loans"
        title="Préstamos"
        queryKey={loansKeys.customerLists(customerId)}
        fetchPage={fetchPage}
        columns={columns}
        pageSize={CUSTOMER_LOANS_PAGE_SIZE}
        onAdd={() => setLoanDialog({ opened: true, loanId: null })}
        addLabel="Solicitar"
        onEdit={(loan) => setLoanDialog({ opened: true, loanId: loan.id })}
        extraButtons={extraButtons}
        // The customer's screen above already says it is the phone's copy.
        offlineBanner={false}
      />
      <LoanDialog
        opened={loanDialog.opened}
        customerId={customerId}
        loanId={loanDialog.loanId}
        onClose={() => setLoanDialog((d) => ({ ...d, opened: false }))}
        renewable={renewable}
        onRenew={(loan) => {
          setLoanDialog((d) => ({ ...d, opened: false }));
          setToRenew(loan);
        }}
      />
      <RestructureDialog
        loan={restructuring.loan}
        opened={restructuring.opened}
        onClose={() => setRestructuring((r) => ({ ...r, opened: false }))}
      />
      <WriteOffDialog loan={toWriteOff} onClose={() => setToWriteOff(null)} />
      <PayoffDialog loan={toPayOff} onClose={() => setToPayOff(null)} />
      <RenewDialog loan={toRenew} onClose={() => setToRenew(null)} />
      <LoanInfoDialog
        kind={info.kind}
        loan={info.loan}
        opened={info.opened}
        onClose={() => setInfo((i) => ({ ...i, opened: false }))}
      />
    </Stack>
  );
}
