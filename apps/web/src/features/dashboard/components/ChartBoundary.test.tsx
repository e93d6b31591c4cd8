import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/utils.tsx';
import { ChartBoundary } from './ChartBoundary.tsx';

function ChunkGone(): never {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/charts-x.js');
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('ChartBoundary', () => {
  it('puts a Spanish notice in place of a chart that cannot load, and leaves its neighbours alone', async () => {
    renderWithProviders(
      <>
        <p>Cobrado en el periodo</p>
        <ChartBoundary>
          <ChunkGone />
        </ChartBoundary>
      </>,
    );
    expect(
      await screen.findByText('No se pudo cargar la gráfica. Recargue la página para intentarlo de nuevo.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Cobrado en el periodo')).toBeInTheDocument();
  });

  it('shows the chart when it renders', async () => {
    renderWithProviders(
      <ChartBoundary>
        <p>gráfica</p>
      </ChartBoundary>,
    );
    expect(await screen.findByText('gráfica')).toBeInTheDocument();
    expect(screen.queryByText(/No se pudo cargar la gráfica/)).not.toBeInTheDocument();
  });
});
