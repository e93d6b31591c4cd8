import type { LoanProduct } from '@prestaya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { adminLogin } from '../../../test/fixtures.ts';
import { openRowMenu, rowIn } from '../../../test/table.ts';
import { json, mockServer, problem, renderWithProviders } from '../../../test/utils.tsx';
import { LoanProductList } from './LoanProductList.tsx';

const ok = (status: number, data: unknown) => json(status, { status: 'OK', data });

const SPEC: LoanProduct = {
  id: '0190a0c0-0000-7000-8000-00000000a001',
  name: 'Semanal 12',
  termWeeks: 12,
  interestPercent: 20,
  dailyFee: 50,
  lateFeeCapPercent: 10,
  minAmount: 100,
  maxAmount: 50_000,
  renewalThreshold: 8,
  payoffDiscountPercent: 0,
  active: true,
  createdOn: '2026-03-01T16:00:00.000Z',
  updatedOn: '2026-03-01T16:00:00.000Z',
};

describe('Productos', { timeout: 30_000 }, () => {
  it('lists the products and creates one from a dialog that starts as the specification’s product', async () => {
    session.start(adminLogin);
    const products = [SPEC];
    const { requests } = mockServer(({ method, url, body }) => {
      if (url.pathname !== '/api/v1/loan-products') return undefined;
      if (method === 'GET') return ok(200, products);
      const created = { ...SPEC, ...(body as object), id: '0190a0c0-0000-7000-8000-00000000a002' };
      products.push(created);
      return ok(201, created);
    });
    renderWithProviders(<LoanProductList />);
    const row = await rowIn('Productos', 'Semanal 12');
    expect(within(row).getByText('12 pagos semanales · 20 %')).toBeInTheDocument();
    expect(within(row).getByText('Activo')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Nuevo producto' }));
    const d = within(await screen.findByRole('dialog', { name: 'Nuevo producto' }));
    expect(d.getByLabelText(/^Plazo/)).toHaveValue('12');
    expect(d.getByLabelText(/^Monto mínimo/)).toHaveValue('$100');
    await userEvent.type(d.getByLabelText(/^Nombre/), 'Quincenal 8');
    const term = d.getByLabelText(/^Plazo/);
    await userEvent.clear(term);
    await userEvent.type(term, '8');
    const renewal = d.getByLabelText(/^Renovación/);
    await userEvent.clear(renewal);
    await userEvent.type(renewal, '9');
    await userEvent.tab();
    expect(await d.findByText('La renovación no puede pedir más pagos que el plazo')).toBeInTheDocument();
    await userEvent.clear(renewal);
    await userEvent.type(renewal, '6');
    await waitFor(() => expect(d.getByRole('button', { name: 'Guardar' })).toBeEnabled());
    await userEvent.click(d.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Producto creado')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Quincenal 8',
      termWeeks: 8,
      interestPercent: 20,
      dailyFee: 50,
      lateFeeCapPercent: 10,
      minAmount: 100,
      maxAmount: 50_000,
      renewalThreshold: 6,
      payoffDiscountPercent: 0,
    });
    expect(await rowIn('Productos', 'Quincenal 8')).toBeInTheDocument();
  });

  it("deactivates only after confirming, and shows the server's refusal for the last active one", async () => {
    session.start(adminLogin);
    const { requests } = mockServer(({ method, url }) => {
      if (url.pathname === '/api/v1/loan-products' && method === 'GET') return ok(200, [SPEC]);
      if (method === 'PATCH') return problem(409, 'Debe quedar al menos un producto activo');
      return undefined;
    });
    renderWithProviders(<LoanProductList />);
    const { menu, items } = await openRowMenu(await rowIn('Productos', 'Semanal 12'));
    expect(items).toEqual(['Editar', 'Desactivar']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Desactivar' }));
    const confirm = within(await screen.findByRole('dialog', { name: '¿Desactivar el producto?' }));
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
    await userEvent.click(confirm.getByRole('button', { name: 'Desactivar' }));
    expect(await screen.findByText('Debe quedar al menos un producto activo')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ active: false });
  });
});
