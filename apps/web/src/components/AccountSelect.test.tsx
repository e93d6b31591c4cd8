import type { BankAccount } from '@prestaya/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { json, mockServer, params, renderWithProviders, type SeenRequest } from '../test/utils.tsx';
import { AccountSelect } from './AccountSelect.tsx';

const PATH = '/api/v1/bank-accounts';
const account = (n: number): BankAccount => ({
  id: `0190a0c0-0000-7000-8000-${String(n).padStart(12, '0')}`,
  name: `Caja ${String(n).padStart(2, '0')}`,
  bankName: 'Efectivo',
  cardNumber: null,
  clabe: null,
  customerName: 'Negocio',
  balance: 1000 + n,
  realBalance: 1000 + n,
  createdOn: '2026-01-01T00:00:00.000Z',
});
/** 25 accounts: the first page of 20 ends at 'Caja 20'. */
const ACCOUNTS = Array.from({ length: 25 }, (_, i) => account(i + 1));

function serve() {
  return mockServer(({ url }: SeenRequest) => {
    if (url.pathname !== PATH) return undefined;
    const term = url.searchParams.get('query');
    const size = Number(url.searchParams.get('size'));
    const found = term ? ACCOUNTS.filter((a) => a.name.includes(term)) : ACCOUNTS;
    return json(200, { status: 'OK', data: found.slice(0, size), total: found.length });
  });
}

function Picker() {
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <AccountSelect label="Cuenta de retiro" pageSize={20} value={value} onChange={setValue} />
      <output>{value ?? 'ninguna'}</output>
    </>
  );
}

const input = () => screen.getByRole('combobox', { name: 'Cuenta de retiro' });
const optionNames = () => screen.getAllByRole('option').map((option) => option.textContent);

describe('AccountSelect', () => {
  it('offers the first page with balances, then finds an account past it by typing', async () => {
    const { requests } = serve();
    renderWithProviders(<Picker />);
    await userEvent.click(input());
    await waitFor(() => expect(optionNames()).toHaveLength(21));
    expect(optionNames()[0]).toBe('Caja 01 — Saldo $1,001.00');
    expect(optionNames().at(-1)).toBe('Escriba para buscar más…');
    expect(optionNames()).not.toContain('Caja 23 — Saldo $1,023.00');

    await userEvent.type(input(), 'Caja 23');
    await waitFor(() => expect(optionNames()).toEqual(['Caja 23 — Saldo $1,023.00']));
    await userEvent.click(screen.getByRole('option', { name: 'Caja 23 — Saldo $1,023.00' }));
    await waitFor(() => expect(screen.queryByRole('option')).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(screen.queryByRole('option')).toBeNull();
    expect(input()).toHaveValue('Caja 23 — Saldo $1,023.00');
    expect(screen.getByRole('status', { hidden: true }).textContent ?? '').toBe(ACCOUNTS[22]?.id);
    const asked = requests.filter((r) => r.url.pathname === PATH).map((r) => params(r.url));
    expect(asked[0]).toEqual({ page: '1', size: '20' });
    expect(asked).toContainEqual({ page: '1', size: '20', query: 'Caja 23' });
  });
});
