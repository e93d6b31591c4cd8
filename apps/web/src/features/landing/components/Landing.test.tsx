import { NO_BUSINESS_SETTINGS } from '@prestaya/contracts/plain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/utils.tsx';
import { Landing } from './Landing.tsx';

describe('Landing contact', () => {
  it('shows no contact at all, and no made-up number, while the business has set nothing', () => {
    const { container } = renderWithProviders(<Landing contact={NO_BUSINESS_SETTINGS} />);
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Contacto' })).not.toBeInTheDocument();
    expect(container.querySelector('a[href^="tel:"], a[href*="wa.me"]')).toBeNull();
    expect(container).not.toHaveTextContent(/\d{2} \d{4} \d{4}/);
  });

  it('shows only what is set: the phone alone', () => {
    renderWithProviders(<Landing contact={{ ...NO_BUSINESS_SETTINGS, phone: '5587654321' }} />);
    const section = screen.getByRole('region', { name: 'Contacto' });
    expect(within(section).getByRole('link', { name: 'Teléfono 55 8765 4321' })).toHaveAttribute(
      'href',
      'tel:+525587654321',
    );
    expect(within(section).queryByRole('link', { name: /WhatsApp/ })).not.toBeInTheDocument();
    expect(within(section).queryByText(/Quejas/)).not.toBeInTheDocument();
  });

  it("shows every setting the administrators saved, the business's own", () => {
    renderWithProviders(
      <Landing
        contact={{
          name: 'Préstamos Don Beto',
          phone: '5587654321',
          whatsapp: '5511223344',
          address: 'Av. Juárez 120, Centro',
          hours: 'Lunes a viernes, 9:00 a 18:00 h',
          complaintsContact: 'quejas@donbeto.mx',
        }}
      />,
    );
    const section = screen.getByRole('region', { name: 'Contacto' });
    expect(within(section).getByText('Préstamos Don Beto')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'WhatsApp 55 1122 3344' })).toHaveAttribute(
      'href',
      'https://wa.me/525511223344',
    );
    expect(within(section).getByText('Av. Juárez 120, Centro')).toBeInTheDocument();
    expect(within(section).getByText('Lunes a viernes, 9:00 a 18:00 h')).toBeInTheDocument();
    expect(within(section).getByText('Quejas y aclaraciones: quejas@donbeto.mx')).toBeInTheDocument();
  });
});
