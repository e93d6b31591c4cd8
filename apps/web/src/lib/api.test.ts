import { afterEach, describe, expect, it, vi } from 'vitest';
import { requireSession } from '../app/guards.ts';
import { login } from '../features/auth/api/login.ts';
import { json, mockServer, problem } from '../test/utils.tsx';
import { ApiError, api, setUnauthorizedHandler } from './api.ts';
import { noBody } from './fetch-core.ts';
import { STORAGE_KEY, session, sessionFromReply } from './session.ts';

const reply = {
  userId: 'u-1',
  roles: ['ROLE_USER'],
  name: 'Luis',
  lastName: 'Pérez',
  username: 'luis@example.com',
  access_token: 'token-1',
};

afterEach(() => setUnauthorizedHandler(() => {}));

describe('session', () => {
  it('accepts a login reply only with userId and roles', () => {
    const { userId: _u, ...noUserId } = reply;
    const { roles: _r, ...noRoles } = reply;
    expect(sessionFromReply(noUserId)).toBeNull();
    expect(sessionFromReply(noRoles)).toBeNull();
    expect(sessionFromReply({ ...reply, roles: 'ROLE_USER' })).toBeNull();
    expect(session.start(noRoles)).toBe(false);
    expect(session.isAuthenticated()).toBe(false);
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();

    expect(session.start(reply)).toBe(true);
    expect(session.get()?.user).toEqual({
      id: 'u-1',
      name: 'Luis',
      lastName: 'Pérez',
      username: 'luis@example.com',
      roles: ['ROLE_USER'],
    });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}').token).toBe('token-1');
  });
});

describe('api client', () => {
  it('sends the Bearer token and JSON, and parses problem+json into ApiError', async () => {
    session.start(reply);
    const { requests } = mockServer(() =>
      problem(409, 'Ya existe un usuario con ese correo', [{ field: 'username', message: 'Duplicado' }]),
    );
    const error = await api.post('/api/v1/users', noBody, { name: 'X' }).catch((e: unknown) => e);
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer token-1');
    expect(requests[0]?.headers.get('content-type')).toBe('application/json');
    expect(requests[0]?.body).toEqual({ name: 'X' });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      detail: 'Ya existe un usuario con ese correo',
      errors: [{ field: 'username', message: 'Duplicado' }],
    });
    expect(session.isAuthenticated()).toBe(true);
  });

  it('on any 401 clears the session and sends the user to Login', async () => {
    session.start(reply);
    const toLogin = vi.fn();
    setUnauthorizedHandler(toLogin);
    mockServer(() => problem(401, 'Token inválido'));
    await expect(api.get('/api/v1/users', noBody)).rejects.toMatchObject({ status: 401 });
    expect(session.isAuthenticated()).toBe(false);
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(toLogin).toHaveBeenCalledTimes(1);
  });

  it('does not log out on the 401 of the login call itself', async () => {
    session.start(reply);
    const toLogin = vi.fn();
    setUnauthorizedHandler(toLogin);
    mockServer(() => problem(401, 'Credenciales inválidas'));
    await expect(login({ username: 'a@b.mx', password: 'x' })).rejects.toMatchObject({ status: 401 });
    expect(toLogin).not.toHaveBeenCalled();
    expect(session.isAuthenticated()).toBe(true);
  });

  it('turns a network failure into a Spanish ApiError', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api.get('/api/v1/users', noBody)).rejects.toMatchObject({
      status: 0,
      detail: 'No se pudo conectar con el servidor. Verifique su conexión.',
    });
  });
});

describe('admin route guard', () => {
  it('refreshes the stored token once and replaces it', async () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ token: 'old', user: {} }));
    const { requests } = mockServer(() => json(200, { ...reply, access_token: 'new' }));
    await expect(requireSession()).resolves.toBeNull();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url.pathname).toBe('/api/v1/auth/token/refresh');
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer old');
    expect(session.token()).toBe('new');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}').token).toBe('new');
  });

  it('clears the session and redirects to Login when the refresh fails', async () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ token: 'expired', user: {} }));
    mockServer(() => problem(401, 'Token expirado'));
    const redirect = await requireSession().catch((e: unknown) => e);
    expect(redirect).toBeInstanceOf(Response);
    expect((redirect as Response).headers.get('Location')).toBe('/auth/login');
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('without a connection opens with the session this device stored; a token without its user goes to Login', async () => {
    const stored = sessionFromReply(reply);
    localStorage.setItem(STORAGE_KEY, JSON.stringify(stored));
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(requireSession()).resolves.toBeNull();
    expect(session.get()).toEqual(stored);

    session.clear();
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ token: 'old', user: {} }));
    await expect(requireSession()).rejects.toBeInstanceOf(Response);
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('keeps the stored session when the refresh reply is cut off mid-body, as without a connection', async () => {
    const stored = sessionFromReply(reply);
    localStorage.setItem(STORAGE_KEY, JSON.stringify(stored));
    const cutOff = new Response(
      new ReadableStream({
        start: (controller) => controller.error(new TypeError('network error')),
      }),
      { status: 200, headers: { 'content-type': 'application/json' } },
    );
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(cutOff));
    await expect(requireSession()).resolves.toBeNull();
    expect(session.get()).toEqual(stored);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}').token).toBe('token-1');
  });

  it('rejects a refresh reply without roles', async () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ token: 'old', user: {} }));
    const { roles: _r, ...noRoles } = reply;
    mockServer(() => json(200, noRoles));
    await expect(requireSession()).rejects.toBeInstanceOf(Response);
    expect(session.isAuthenticated()).toBe(false);
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('goes straight to Login without a stored token', async () => {
    const { fetchMock } = mockServer(() => json(200, reply));
    await expect(requireSession()).rejects.toBeInstanceOf(Response);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
