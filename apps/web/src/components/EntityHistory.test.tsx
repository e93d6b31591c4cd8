import type { AuditEntry } from '@prestaya/contracts';
import { useMutation } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { api } from '../lib/api.ts';
import { auditActionLabel, auditChanges, formatAuditValue } from '../lib/audit.ts';
import { noBody } from '../lib/fetch-core.ts';
import { auditEntry } from '../test/fixtures.ts';
import { json, mockServer, problem, renderWithProviders } from '../test/utils.tsx';
import { EntityHistory } from './EntityHistory.tsx';

const CUSTOMER_ID = '0190a000-0000-7000-8000-000000000001';
const ADDRESS_ID = '0190a000-0000-7000-8000-0000000000a1';

const snapshot = {
  num: 7,
  name: 'José',
  lastName: 'Núñez',
  secondLastName: null,
  phone: '5512345678',
  curp: null,
  status: 'PENDING',
  agentId: 'u-1',
};

const ofCustomer = { entity: 'customer', entityId: CUSTOMER_ID } as const;
const created = auditEntry({
  ...ofCustomer,
  id: 'a-1',
  at: '2025-03-10T16:30:00.000Z',
  action: 'created',
  after: snapshot,
});
const updated = auditEntry({
  ...ofCustomer,
  id: 'a-2',
  at: '2025-03-11T17:45:00.000Z',
  action: 'updated',
  before: snapshot,
  after: { ...snapshot, name: 'José Luis', phone: '5587654321' },
});
const addressDeleted = auditEntry({
  id: 'a-3',
  at: '2025-03-12T18:00:00.000Z',
  entity: 'address',
  entityId: ADDRESS_ID,
  action: 'deleted',
  user: null,
  before: { customerId: CUSTOMER_ID, street: 'Av. Juárez', city: 'Toluca' },
});

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

function serve(entries: AuditEntry[]) {
  return mockServer(({ url }) =>
    url.pathname === `/api/v1/audit/customer/${CUSTOMER_ID}`
      ? json(200, { status: 'OK', data: entries })
      : undefined,
  );
}

describe('EntityHistory', { timeout: 20_000 }, () => {
  it("shows the record's rows newest first with date, user, action and only the changed fields", async () => {
    const { requests } = serve([addressDeleted, updated, created]);
    renderWithProviders(<EntityHistory entity="customer" entityId={CUSTOMER_ID} />);

    expect(screen.getByRole('heading', { name: 'Historial', level: 2 })).toBeInTheDocument();
    const timeline = await screen.findByRole('list', { name: 'Historial' });
    const items = within(timeline).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(requests[0]?.url.pathname).toBe(`/api/v1/audit/customer/${CUSTOMER_ID}`);

    // Newest first; the address row says what it is about; the system is 'Sistema'.
    const [first, second, third] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByText('Eliminado · Domicilio')).toBeInTheDocument();
    expect(within(first).getByText(/Sistema$/)).toBeInTheDocument();
    expect(rowsOf(within(first).getByRole('table'))).toEqual([
      ['Cliente', 'Registro no disponible', '—'],
      ['Calle', 'Av. Juárez', '—'],
      ['Ciudad', 'Toluca', '—'],
    ]);

    // An update lists only the keys that changed, old → new.
    expect(within(second).getByText('Actualizado')).toBeInTheDocument();
    expect(within(second).getByText(/Ana Admin$/)).toBeInTheDocument();
    expect(within(second).getByText(/^11\/03\/2025/)).toBeInTheDocument();
    expect(rowsOf(within(second).getByRole('table', { name: 'Cambios: Actualizado' }))).toEqual([
      ['Nombre', 'José', 'José Luis'],
      ['Teléfono', '5512345678', '5587654321'],
    ]);

    // A creation lists the values it set (nulls left out), status in Spanish.
    expect(within(third).getByText('Creado')).toBeInTheDocument();
    expect(rowsOf(within(third).getByRole('table'))).toEqual([
      ['No.', '—', '7'],
      ['Nombre', '—', 'José'],
      ['Apellido paterno', '—', 'Núñez'],
      ['Teléfono', '—', '5512345678'],
      ['Estatus', '—', 'Pendiente'],
      ['Agente', '—', 'u-1'],
    ]);
  });

  it('shows the names the server resolved for ids, reasons in Spanish and no bare ids', async () => {
    const loanId = '0190a000-0000-7000-8000-0000000000b1';
    const agentId = '0190a000-0000-7000-8000-0000000000c1';
    const accountId = '0190a000-0000-7000-8000-0000000000d1';
    const names = { [agentId]: 'Beto Agente', [accountId]: 'Caja chica', [CUSTOMER_ID]: 'José Núñez' };
    const entries = [
      auditEntry({
        id: 'l-2',
        at: '2025-03-12T10:00:00.000Z',
        entity: 'loan',
        entityId: loanId,
        action: 'recomputed',
        before: { currentBalance: 100 },
        after: { currentBalance: 50, reason: 'payment_confirmed' },
      }),
      auditEntry({
        id: 'l-1',
        at: '2025-03-11T10:00:00.000Z',
        entity: 'loan',
        entityId: loanId,
        action: 'approved',
        after: { agentId, bankAccountId: accountId, customerId: CUSTOMER_ID },
        names,
      }),
    ];
    mockServer(({ url }) =>
      url.pathname === `/api/v1/audit/loan/${loanId}`
        ? json(200, { status: 'OK', data: entries })
        : undefined,
    );
    renderWithProviders(<EntityHistory entity="loan" entityId={loanId} />);
    const timeline = await screen.findByRole('list', { name: 'Historial' });
    const [recomputed, approved] = within(timeline).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(rowsOf(within(recomputed).getByRole('table'))).toContainEqual(['Motivo', '—', 'Pago confirmado']);
    expect(rowsOf(within(approved).getByRole('table'))).toEqual([
      ['Agente', '—', 'Beto Agente'],
      ['Cuenta', '—', 'Caja chica'],
      ['Cliente', '—', 'José Núñez'],
    ]);
    expect(auditChanges({ entity: 'user', before: null, after: { lastName: 'Ruiz' } })[0]?.label).toBe(
      'Apellidos',
    );
  });

  it("says 'Sin cambios registrados' when the record has no rows", async () => {
    serve([]);
    renderWithProviders(<EntityHistory entity="customer" entityId={CUSTOMER_ID} />);
    expect(await screen.findByText('Sin cambios registrados')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Historial' })).not.toBeInTheDocument();
  });

  it('shows a loader, then an error with Reintentar that asks again', async () => {
    let fail = true;
    const { requests } = mockServer(() =>
      fail ? problem(500, 'Error interno') : json(200, { status: 'OK', data: [created] }),
    );
    renderWithProviders(<EntityHistory entity="customer" entityId={CUSTOMER_ID} />);
    expect(screen.getByLabelText('Cargando historial')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cargar el historial.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Creado')).toBeInTheDocument();
    expect(requests).toHaveLength(2);
  });

  it('reloads after any successful change made on the same screen', async () => {
    let entries = [created];
    mockServer(({ url, method }) => {
      if (method === 'PUT') {
        entries = [updated, created];
        return json(200, { status: 'OK', data: {} });
      }
      return url.pathname.startsWith('/api/v1/audit/')
        ? json(200, { status: 'OK', data: entries })
        : undefined;
    });
    function Editor() {
      const save = useMutation({ mutationFn: () => api.put(`/api/v1/customers/${CUSTOMER_ID}`, noBody, {}) });
      return (
        <>
          <button type="button" onClick={() => save.mutate()}>
            Guardar
          </button>
          <EntityHistory entity="customer" entityId={CUSTOMER_ID} />
        </>
      );
    }
    renderWithProviders(<Editor />);
    expect(await screen.findByText('Creado')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.getByText('Actualizado')).toBeInTheDocument());
  });
});

describe('audit formatting', () => {
  it('formats money, dates, statuses and booleans, and keeps unknown actions as written', () => {
    expect(formatAuditValue('loan', 'amount', 1234.5)).toBe('$1,234.50');
    expect(formatAuditValue('loan', 'status', 'ACTIVE')).not.toBe('ACTIVE');
    expect(formatAuditValue('payment', 'status', 'VALIDATING')).toBe('Validando');
    expect(formatAuditValue('loan', 'loanFromPast', false)).toBe('No');
    expect(formatAuditValue('loan', 'requestDate', '2025-03-09')).toBe('09/03/2025');
    expect(formatAuditValue('user', 'roles', ['ROLE_ADMIN', 'ROLE_USER'])).toBe('Administrador, Agente');
    expect(formatAuditValue('payment', 'feeIds', ['a', 'b'])).toBe('2 elementos');
    expect(formatAuditValue('customer_document', 'documentType', 'INE_FRONT')).toBe('INE (frente)');
    expect(auditActionLabel('confirmed')).toBe('Confirmado');
    expect(auditActionLabel('movement_deposit')).toBe('Movimiento: Depósito');
    expect(auditActionLabel('something_new')).toBe('something_new');
  });

  it('an update with equal snapshots changes nothing; a value set to null shows as removed', () => {
    expect(auditChanges({ entity: 'customer', before: snapshot, after: { ...snapshot } })).toEqual([]);
    expect(auditChanges({ entity: 'customer', before: { curp: 'ABCD' }, after: { curp: null } })).toEqual([
      { key: 'curp', label: 'CURP', before: 'ABCD', after: '—' },
    ]);
  });
});
