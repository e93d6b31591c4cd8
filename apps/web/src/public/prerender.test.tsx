import { type BusinessSettings, fillLandingSlots, NO_BUSINESS_SETTINGS } from '@prestaya/contracts/plain';
import { act } from '@testing-library/react';
import type { ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PublicApp } from './PublicApp.tsx';
import ConsultaPage from './pages/consulta.tsx';
import LandingPage from './pages/landing.tsx';
import LoanPage from './pages/loan-details.tsx';
import { prerender } from './prerender.tsx';

const SETTINGS: BusinessSettings = {
  name: 'Préstamos "Don Beto" & Hijos',
  phone: '5587654321',
  whatsapp: '5511223344',
  address: 'Av. Juárez 120, Centro <CDMX>',
  hours: 'Lunes a viernes, 9:00 a 18:00 h',
  complaintsContact: "quejas@donbeto.mx (O'Neil)",
};

/**
 * What each public entry (src/public/entries) renders in the browser at that address. The landing's
 * document is the server's (`fillLandingSlots` on the prerendered template): React rendering the
 * same settings must give exactly that HTML, which hydrating it proves.
 */
const BROWSER: Record<
  string,
  {
    page?: string;
    pathname: string;
    app: ReactNode;
    title: string;
    heading: string;
    settings?: BusinessSettings;
  }
> = {
  landing: {
    pathname: '/',
    app: <LandingPage />,
    title: 'PrestaYa · Préstamos personales',
    heading: 'El dinero que necesitas, con pagos claros cada semana',
    settings: NO_BUSINESS_SETTINGS,
  },
  'landing with the business settings': {
    page: 'landing',
    pathname: '/',
    app: <LandingPage contact={SETTINGS} />,
    title: 'PrestaYa · Préstamos personales',
    heading: 'El dinero que necesitas, con pagos claros cada semana',
    settings: SETTINGS,
  },
  'landing with only a phone': {
    page: 'landing',
    pathname: '/',
    app: <LandingPage contact={{ ...NO_BUSINESS_SETTINGS, phone: '5587654321' }} />,
    title: 'PrestaYa · Préstamos personales',
    heading: 'El dinero que necesitas, con pagos claros cada semana',
    settings: { ...NO_BUSINESS_SETTINGS, phone: '5587654321' },
  },
  consulta: {
    pathname: '/consulta',
    app: <ConsultaPage />,
    title: 'Consulta de Préstamo · PrestaYa',
    heading: 'Consulta de Préstamo',
  },
  loan: {
    pathname: '/loans/0190d3a4-0000-7000-8000-000000000000',
    app: <LoanPage id="0190d3a4-0000-7000-8000-000000000000" />,
    title: 'Estado de Cuenta de Préstamo · PrestaYa',
    heading: 'Estado de Cuenta de Préstamo',
  },
};

let container: HTMLElement | undefined;
let root: Root | undefined;
// Unmounted before the next test: a hydrated tree left mounted keeps Mantine's timers (AppShell's
// resize transition) firing after the file's window is gone ("window is not defined").
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container?.remove();
});

describe('the prerendered public pages', () => {
  it.each(Object.keys(BROWSER))(
    '%s: its title first, then the page, which the browser hydrates as is',
    async (name) => {
      const page = BROWSER[name];
      if (!page) throw new Error(name);
      // The statement reads its loan after hydration: that read never answers here.
      vi.stubGlobal('fetch', () => new Promise(() => {}));
      const template = prerender(page.page ?? name);
      const html = page.settings ? fillLandingSlots(template, page.settings) : template;
      expect(html).not.toContain('@@');
      // vite.config.ts moves this leading <title> into <head>.
      expect(html.startsWith(`<title>${page.title}</title>`)).toBe(true);
      expect(html).toContain(page.heading);

      container = document.createElement('div');
      container.innerHTML = html.replace(/^<title>.*?<\/title>/, '');
      document.body.append(container);
      const heading = container.querySelector('h1');
      const mismatches: unknown[] = [];
      // A differing attribute is no error for React, only a warning in development.
      const warnings = vi.spyOn(console, 'error').mockImplementation(() => {});
      await act(async () => {
        root = hydrateRoot(
          container as HTMLElement,
          <PublicApp pathname={page.pathname}>{page.app}</PublicApp>,
          {
            onRecoverableError: (error) => mismatches.push(error),
          },
        );
      });
      expect(mismatches).toEqual([]);
      expect(warnings).not.toHaveBeenCalled();
      // Hydrated, not replaced: the prerendered heading is the one on the page.
      expect(container.querySelector('h1')).toBe(heading);
      expect(heading).toHaveTextContent(page.heading);
    },
  );
});
