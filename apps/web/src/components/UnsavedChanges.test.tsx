import { TextInput } from '@mantine/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockServer, renderRoutes } from '../test/utils.tsx';
import { DISCARD_TITLE, useUnsavedChanges } from './UnsavedChanges.tsx';

function Editor() {
  const [name, setName] = useState('');
  const unsaved = useUnsavedChanges(name !== '');
  return (
    <>
      <TextInput label="Nombre" value={name} onChange={(event) => setName(event.currentTarget.value)} />
      <Link to="/otra">Otra pantalla</Link>
      <Link to="/editar?page=2">Página 2</Link>
      {unsaved.prompt}
    </>
  );
}

function renderEditor() {
  mockServer(() => undefined);
  return renderRoutes(
    [
      { path: '/editar', element: <Editor /> },
      { path: '/otra', element: <h1>Otra pantalla</h1> },
    ],
    '/editar',
  );
}

const unloadRefused = () => !fireEvent(window, new Event('beforeunload', { cancelable: true }));

describe('useUnsavedChanges', () => {
  it('lets the user leave freely while nothing was typed', async () => {
    const { router } = renderEditor();
    expect(unloadRefused()).toBe(false);
    await userEvent.click(screen.getByRole('link', { name: 'Otra pantalla' }));
    expect(router.state.location.pathname).toBe('/otra');
  });

  it('asks before another screen or a reload discards typed changes', async () => {
    const { router } = renderEditor();
    await userEvent.type(screen.getByLabelText('Nombre'), 'Ana');
    expect(unloadRefused()).toBe(true);

    // The same screen's query string (a list's page) is not leaving.
    await userEvent.click(screen.getByRole('link', { name: 'Página 2' }));
    expect(router.state.location.search).toBe('?page=2');

    await userEvent.click(screen.getByRole('link', { name: 'Otra pantalla' }));
    await screen.findByRole('dialog', { name: DISCARD_TITLE });
    await userEvent.click(screen.getByRole('button', { name: 'Seguir editando' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/editar');
    expect(screen.getByLabelText('Nombre')).toHaveValue('Ana');

    await userEvent.click(screen.getByRole('link', { name: 'Otra pantalla' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Salir sin guardar' }));
    expect(await screen.findByRole('heading', { name: 'Otra pantalla' })).toBeInTheDocument();
  });
});
