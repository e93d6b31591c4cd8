import { Loader, MantineProvider, PasswordInput } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DigitsInput } from '../features/public-loans/components/DigitsInput.tsx';
import { theme } from './theme.ts';

describe('the theme', () => {
  it('names the eye button of every password and PIN field in Spanish, pressed while shown', async () => {
    render(
      <MantineProvider theme={theme}>
        <PasswordInput label="Contraseña" />
        <DigitsInput label="PIN" secret maxLength={6} />
      </MantineProvider>,
    );
    expect(screen.queryByRole('button', { name: /Toggle/i })).not.toBeInTheDocument();
    const password = screen.getByRole('button', { name: 'Mostrar contraseña' });
    const pin = screen.getByRole('button', { name: 'Mostrar PIN' });
    expect(pin).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(pin);
    expect(pin).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('PIN')).toHaveAttribute('type', 'text');
    expect(password).toHaveAttribute('aria-pressed', 'false');
  });

  it('gives every spinner a role, so its label names it for screen readers', () => {
    render(
      <MantineProvider theme={theme}>
        <Loader aria-label="Cargando respaldos" />
      </MantineProvider>,
    );
    expect(screen.getByRole('status', { name: 'Cargando respaldos' })).toBeInTheDocument();
  });
});
