import type { BackupSummary } from '@prestaya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { json, mockServer, problem, renderWithProviders } from '../../../test/utils.tsx';
import { BACKUP_TEXTS, BackupList, formatSize } from './BackupList.tsx';

const daily: BackupSummary = {
  name: 'prestaya-20260310-083000-120-auto.sql.gz',
  kind: 'auto',
  createdAt: '2026-03-10T08:30:00.120Z',
  sizeBytes: 1_572_864,
};
const made: BackupSummary = {
  name: 'prestaya-20260311-170512-004-manual.sql.gz',
  kind: 'manual',
  createdAt: '2026-03-11T17:05:12.004Z',
  sizeBytes: 358_400,
};
const page = (data: BackupSummary[]) =>
  json(200, { data, page: 1, size: 50, totalDocuments: data.length, totalPages: 1, totalCapped: false });

const admin = { userId: 'u-1', roles: ['ROLE_ADMIN'], name: 'Ana', lastName: 'Admin', access_token: 'tok-7' };
beforeEach(() => {
  session.start(admin);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('Respaldos', { timeout: 20_000 }, () => {
  it('lists the backups; «Crear respaldo» waits for the server, then the new one is listed', async () => {
    let backups = [daily];
    let finish: () => void = () => {};
    const { requests } = mockServer(({ method, url }) => {
      if (url.pathname !== '/api/v1/backups') return undefined;
      if (method === 'GET') return page(backups);
      return new Promise<Response>((resolve) => {
        finish = () => {
          backups = [made, daily];
          resolve(json(201, { status: 'OK', data: made }));
        };
      });
    });
    renderWithProviders(<BackupList />);

    const row = (await screen.findByText(daily.name)).closest('tr') as HTMLElement;
    expect(within(row).getByText('Automático')).toBeInTheDocument();
    expect(within(row).getByText('1.5 MB')).toBeInTheDocument();
    expect(requests[0]?.url.searchParams.get('size')).toBe('50');

    const create = screen.getByRole('button', { name: BACKUP_TEXTS.create });
    await userEvent.click(create);
    await waitFor(() => expect(create).toHaveAttribute('data-loading', 'true'));
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    finish();

    expect(await screen.findByText(BACKUP_TEXTS.created)).toBeInTheDocument();
    const newRow = (await screen.findByText(made.name)).closest('tr') as HTMLElement;
    expect(within(newRow).getByText('Manual')).toBeInTheDocument();
    expect(within(newRow).getByText('350 KB')).toBeInTheDocument();
    expect(create).not.toHaveAttribute('data-loading');
  });

  it('downloads a backup with the session token', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:test/1');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { requests } = mockServer(({ url }) => {
      if (url.pathname === '/api/v1/backups') return page([daily]);
      if (url.pathname === `/api/v1/backups/${daily.name}`)
        return new Response('gz', {
          headers: {
            'content-type': 'application/gzip',
            'content-disposition': `attachment; filename="${daily.name}"`,
          },
        });
      return undefined;
    });
    renderWithProviders(<BackupList />);
    await userEvent.click(
      await screen.findByRole('button', { name: `${BACKUP_TEXTS.download} ${daily.name}` }),
    );

    await waitFor(() => expect(click).toHaveBeenCalled());
    const download = requests.find((r) => r.url.pathname.endsWith('.sql.gz'));
    expect(download?.headers.get('authorization')).toBe('Bearer tok-7');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(daily.name);
  });

  it('says when there is none yet, and when the list or the backup fails', async () => {
    let fail = true;
    mockServer(({ method, url }) => {
      if (url.pathname !== '/api/v1/backups') return undefined;
      if (method === 'POST') return problem(500, 'Error interno del servidor');
      return fail ? problem(500, 'Error interno del servidor') : page([]);
    });
    renderWithProviders(<BackupList />);

    expect(await screen.findByRole('alert')).toHaveTextContent(BACKUP_TEXTS.loadError);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText(BACKUP_TEXTS.empty)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: BACKUP_TEXTS.create }));
    expect(await screen.findByText(BACKUP_TEXTS.createError)).toBeInTheDocument();
  });

  it('formats sizes as a person reads them', () => {
    expect([formatSize(0), formatSize(2_048), formatSize(10 * 1024 * 1024)]).toEqual([
      '0 KB',
      '2 KB',
      '10 MB',
    ]);
  });
});
