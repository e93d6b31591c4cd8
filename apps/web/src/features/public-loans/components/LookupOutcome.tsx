import { Alert, Group, Loader } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { TOAST_AUTO_CLOSE } from '../../../lib/notify.ts';
import { errorDetail, isPublicApiError, type RegisteredPayment } from '../api/client.ts';
import { PublicQueryProvider } from '../api/provider.tsx';
import { type LoanSearch, useLoanLookup } from '../api/queries.ts';
import { PaymentRegistered } from './PaymentRegistered.tsx';
import { PendingPayments } from './PendingPayments.tsx';

export interface LookupOutcomeProps {
  search: LoanSearch;
  /** Tells the form whether a lookup is in flight (its 'Buscar' button shows a spinner). */
  onSearchingChange: (searching: boolean) => void;
}

/**
 * What a lookup shows: not found / error alerts, the pending installments and fees, and the payment
 * dialog. Its own chunk (with TanStack Query and the list components), loaded on the first search.
 */
function LookupOutcomeView({ search, onSearchingChange }: LookupOutcomeProps) {
  // The confirmation belongs to the search it was made in: a new search hides it.
  const [registered, setRegistered] = useState<{ search: LoanSearch; payment: RegisteredPayment } | null>(
    null,
  );
  const lookup = useLoanLookup(search);
  const notFound = isPublicApiError(lookup.error) && lookup.error.status === 404;

  useEffect(() => onSearchingChange(lookup.isFetching), [lookup.isFetching, onSearchingChange]);

  return (
    <>
      {registered?.search === search && <PaymentRegistered payment={registered.payment} />}

      {lookup.isError &&
        (notFound ? (
          <Alert
            color="red"
            variant="light"
            title="No se encontró el Préstamo"
            icon={<IconAlertCircle size={18} aria-hidden />}
            role="alert"
          >
            No de pudo encontrar el préstamo con los datos proporcionados
          </Alert>
        ) : (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {errorDetail(lookup.error)}
          </Alert>
        ))}

      {lookup.isPending && lookup.isFetching && (
        <Group justify="center">
          <Loader aria-label="Buscando préstamo" />
        </Group>
      )}

      {lookup.data && !lookup.isError && (
        <PendingPayments
          key={lookup.data.loan.id}
          result={lookup.data}
          onRegistered={(payment) => {
            setRegistered({ search, payment });
            // lib/notify's toasts have an unnamed close button (axe button-name); this one is named.
            notifications.show({
              color: 'teal',
              message: 'Pago registrado correctamente!',
              autoClose: TOAST_AUTO_CLOSE,
              closeButtonProps: { 'aria-label': 'Cerrar' },
            });
          }}
        />
      )}
    </>
  );
}

export default function LookupOutcome(props: LookupOutcomeProps) {
  return (
    <PublicQueryProvider>
      <LookupOutcomeView {...props} />
    </PublicQueryProvider>
  );
}
