import { Alert, Button, Stack } from '@mantine/core';
import type { CollectionCard } from '@prestaya/contracts';
import { IconCircleCheck, IconSearch, IconWifiOff } from '@tabler/icons-react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { CenteredLoader, EmptyState, RetryAlert } from '../../../components/QueryState.tsx';
import { isApiError } from '../../../lib/api.ts';
import type { PendingPayment } from '../../../lib/offline-queue.ts';
import type { PendingVisit } from '../../../lib/visit-queue.ts';
import type { LoadedCollectionsPage } from '../api/get-collections.ts';
import { CollectionCardView } from './CollectionCardView.tsx';
import { OrphanQueuedPayment } from './QueuedNotice.tsx';

export interface CollectionListProps {
  list: UseInfiniteQueryResult<InfiniteData<LoadedCollectionsPage>>;
  queued: PendingPayment[];
  /** The visits kept on the phone; each card shows its loan's latest. */
  queuedVisits?: PendingVisit[];
  showAgent: boolean;
  origin: string;
  searching: boolean;
  onCollect: (card: CollectionCard) => void;
  onDiscard: (key: string) => void;
  onVisit?: (card: CollectionCard) => void;
  onDiscardVisit?: (key: string) => void;
}

/** The tab's cards as a route, the phone's queued payments with them, and 'Cargar más'. */
export function CollectionList({
  list,
  queued,
  queuedVisits = [],
  showAgent,
  origin,
  searching,
  onCollect,
  onDiscard,
  onVisit,
  onDiscardVisit,
}: CollectionListProps) {
  const cards = list.data?.pages.flatMap((page) => page.data) ?? [];
  const shown = new Set(cards.map((card) => card.loan.id));
  // A queued payment whose loan left this list still shows, with its state or refusal.
  const orphans = searching ? [] : queued.filter((entry) => !shown.has(entry.loanId));
  const byLoan = new Map(queued.map((entry) => [entry.loanId, entry]));
  // Oldest first, so the map keeps each loan's latest visit.
  const visitByLoan = new Map(queuedVisits.map((entry) => [entry.loanId, entry]));

  let body: React.ReactNode;
  if (list.isPending) body = <CenteredLoader label="Cargando cobranza" />;
  else if (list.isError && isApiError(list.error) && list.error.status === 0) {
    body = (
      <Alert
        color="orange"
        variant="light"
        icon={<IconWifiOff size={18} aria-hidden />}
        role="alert"
        title="Sin conexión"
      >
        Este teléfono aún no tiene guardada esta lista. Se cargará en cuanto vuelva la señal.
      </Alert>
    );
  } else if (list.isError) {
    body = (
      <RetryAlert
        text="No se pudo cargar la cobranza."
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  } else if (cards.length === 0) {
    body = searching ? (
      <EmptyState icon={<IconSearch size={24} />}>
        Ningún cliente de esta lista coincide con la búsqueda.
      </EmptyState>
    ) : (
      <EmptyState icon={<IconCircleCheck size={24} />} color="teal">
        Nada por cobrar en esta lista.
      </EmptyState>
    );
  } else {
    body = cards.map((card) => (
      <CollectionCardView
        key={card.loan.id}
        card={card}
        queued={byLoan.get(card.loan.id)}
        queuedVisit={visitByLoan.get(card.loan.id)}
        showAgent={showAgent}
        origin={origin}
        onCollect={() => onCollect(card)}
        onDiscard={onDiscard}
        onVisit={onVisit && (() => onVisit(card))}
        onDiscardVisit={onDiscardVisit}
      />
    ));
  }

  return (
    <Stack gap="sm" aria-busy={list.isFetching}>
      {orphans.map((entry) => (
        <OrphanQueuedPayment key={entry.key} entry={entry} onDiscard={() => onDiscard(entry.key)} />
      ))}
      {body}
      {list.hasNextPage && (
        <Button variant="light" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
          Cargar más
        </Button>
      )}
    </Stack>
  );
}
