import { SegmentedControl, Stack } from '@mantine/core';
import { type AmlMatch, type AmlMatchStatus, amlResolveRequest } from '@prestaya/contracts';
import { IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { PagedCards, usePaging } from '../../../components/PagedCards.tsx';
import { TextDialog } from '../../../components/TextDialog.tsx';
import { fullName } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useAmlMatches } from '../api/get-matches.ts';
import { useResolveMatch } from '../api/resolve-match.ts';
import { MatchCard } from './MatchCard.tsx';

/**
 * 'Coincidencias': customers matching a blocked person, a page at a time. Pending ones first by age,
 * each with its 24 h report deadline and 'Resolver' (a reason required); resolved ones newest first,
 * with who and why.
 */
export function MatchesTab() {
  const [status, setStatus] = useState<AmlMatchStatus>('OPEN');
  const paging = usePaging('aml-matches');
  const matches = useAmlMatches(status, paging);
  const resolve = useResolveMatch();
  const [resolving, setResolving] = useState<AmlMatch | null>(null);
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Estado de las coincidencias"
        value={status}
        onChange={(value) => {
          setStatus(value as AmlMatchStatus);
          paging.setPage(1);
        }}
        data={[
          { value: 'OPEN', label: 'Pendientes' },
          { value: 'RESOLVED', label: 'Resueltas' },
        ]}
        w={{ base: '100%', xs: 320 }}
      />
      <PagedCards
        query={matches}
        paging={paging}
        loadingLabel="Cargando coincidencias"
        errorText="No se pudieron cargar las coincidencias."
        emptyText={status === 'OPEN' ? 'No hay coincidencias pendientes.' : 'No hay coincidencias resueltas.'}
        emptyIcon={<IconShieldCheck aria-hidden />}
      >
        {(rows) => (
          <Stack gap="sm">
            {rows.map((match) => (
              <MatchCard key={match.id} match={match} onResolve={setResolving} />
            ))}
          </Stack>
        )}
      </PagedCards>
      {resolving ? (
        <TextDialog
          title={`Resolver la coincidencia de ${fullName(resolving.customer)}`}
          label="Motivo"
          description="Por qué la coincidencia ya no detiene al cliente (queda en la auditoría)."
          schema={amlResolveRequest.shape.reason}
          field="reason"
          confirmLabel="Resolver"
          loading={resolve.isPending}
          onClose={() => setResolving(null)}
          onConfirm={(reason, fail) =>
            resolve.mutate(
              { id: resolving.id, reason },
              {
                onSuccess: () => {
                  notify.success('Coincidencia resuelta');
                  setResolving(null);
                },
                onError: (error) => {
                  notify.apiError(error, 'No se pudo resolver');
                  fail(error);
                },
              },
            )
          }
        />
      ) : null}
    </Stack>
  );
}
