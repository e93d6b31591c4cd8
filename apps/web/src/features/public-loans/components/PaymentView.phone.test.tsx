import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockServer, renderRoutes } from '../../../test/utils.tsx';
import { lookupResult, ok } from '../test/fixtures.ts';
import { PaymentView } from './PaymentView.tsx';

const routes = [{ path: '/consulta', element: <PaymentView /> }];

describe('/consulta phone pasted as people write it', () => {
  it.each([
    ['222 816 8001', '2228168001'],
    ['+52 222 816 8001', '2228168001'],
    ['(222) 816-8001', '2228168001'],
    ['52 2228168001', '2228168001'],
    ['5212345678', '5212345678'],
  ])('%s keeps the 10 digits %s and searches with them', async (pasted, digits) => {
    const { requests } = mockServer(() => json(200, ok(lookupResult())));
    const user = userEvent.setup();
    renderRoutes(routes, '/consulta');
    await user.type(screen.getByLabelText('Número de préstamo'), '1001');
    await user.click(screen.getByLabelText('Teléfono (10 dígitos)'));
    await user.paste(pasted);
    expect(screen.getByLabelText('Teléfono (10 dígitos)')).toHaveValue(digits);
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.url.searchParams.get('phone')).toBe(digits);
  });

  it('still stops at 10 digits when more are typed', async () => {
    mockServer(() => undefined);
    const user = userEvent.setup();
    renderRoutes(routes, '/consulta');
    await user.type(screen.getByLabelText('Teléfono (10 dígitos)'), '222816800199');
    expect(screen.getByLabelText('Teléfono (10 dígitos)')).toHaveValue('2228168001');
  });
});
