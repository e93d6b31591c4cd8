import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api.ts';
import { NETWORK_ERROR } from '../lib/fetch-core.ts';
import { renderWithProviders } from '../test/utils.tsx';
import { NOT_ON_PHONE, QueryRecord, QueryState } from './QueryState.tsx';

const base = { isPending: false, isError: false, data: undefined, refetch: () => undefined };

describe('a part of a screen without signal and nothing on the phone', () => {
  it('says so plainly while the request waits for the signal, instead of spinning', () => {
    renderWithProviders(
      <QueryRecord
        query={{ ...base, isPending: true, fetchStatus: 'paused' }}
        loadingLabel="Cargando historial"
        errorText="No se pudo cargar el historial."
      >
        {() => null}
      </QueryRecord>,
    );
    expect(screen.getByTestId('offline-empty')).toHaveTextContent(NOT_ON_PHONE);
    expect(screen.queryByLabelText('Cargando historial')).not.toBeInTheDocument();
  });

  it('says so plainly when the request got no reply, instead of an error', () => {
    renderWithProviders(
      <QueryState
        query={{ ...base, isError: true, error: new ApiError(0, NETWORK_ERROR), fetchStatus: 'idle' }}
        loadingLabel="Cargando pagos"
        errorText="No se pudo cargar la lista de pagos."
        emptyText="Sin pagos"
        emptyIcon={null}
      >
        {() => null}
      </QueryState>,
    );
    expect(screen.getByTestId('offline-empty')).toHaveTextContent(NOT_ON_PHONE);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("still shows the server's refusal as an error", () => {
    renderWithProviders(
      <QueryRecord
        query={{ ...base, isError: true, error: new ApiError(503, 'No disponible'), fetchStatus: 'idle' }}
        loadingLabel="Cargando"
        errorText="No se pudo cargar el registro."
      >
        {() => null}
      </QueryRecord>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('No se pudo cargar el registro.');
    expect(screen.queryByTestId('offline-empty')).not.toBeInTheDocument();
  });
});
