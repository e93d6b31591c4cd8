import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { expect, type Mock, vi } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { createQueryClient } from '../app/query-client.ts';

/** A request as the stubbed network saw it. */
export interface SeenRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

type Reply = Response | Promise<Response>;
export type Handler = (request: SeenRequest) => Reply | undefined;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });
}

export function problem(status: number, detail: string, errors?: { field: string; message: string }[]) {
  return json(status, { type: 'about:blank', title: 'Error', status, detail, ...(errors ? { errors } : {}) });
}

/** The query parameters a request was sent with. */
export const params = (url: URL | undefined) => Object.fromEntries(url?.searchParams.entries() ?? []);

/** Stubs `fetch` at the network boundary with canned server replies; unknown calls get a 404. */
export function mockServer(handler: Handler) {
  const requests: SeenRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const raw = init?.body;
    const body = typeof raw === 'string' ? JSON.parse(raw) : raw;
    const request: SeenRequest = {
      method: init?.method ?? 'GET',
      url,
      headers: new Headers(init?.headers),
      body,
    };
    requests.push(request);
    return (await handler(request)) ?? problem(404, 'No encontrado');
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}

/** A refused save: its notification (title and the server's detail) shows and the dialog stays open. */
export async function expectRefusal(title: string, detail: string, onClose: Mock) {
  expect(await screen.findByText(title)).toBeInTheDocument();
  expect(screen.getByText(detail)).toBeInTheDocument();
  expect(onClose).not.toHaveBeenCalled();
}

/** Renders routes inside the app providers (transitions and portals off). */
export function renderRoutes(routes: RouteObject[], initialPath: string) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 0 }, mutations: { retry: false } });
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}

/** Renders one element at `/` inside the app providers. */
export function renderWithProviders(ui: ReactElement) {
  return renderRoutes([{ path: '*', element: ui }], '/');
}
