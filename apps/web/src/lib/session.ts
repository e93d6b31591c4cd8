import type { LoginReply } from '@prestaya/contracts';
import { isOneOf, ROLES, type Role } from '@prestaya/contracts/plain';
import { useSyncExternalStore } from 'react';
import { setBusinessTimeZone } from './business-zone.ts';

/** Signed-in staff member as the client keeps it (docs/product.md §3 "Session user"). */
export interface SessionUser {
  id: string;
  name: string;
  lastName: string;
  username: string;
  roles: Role[];
}

export interface Session {
  token: string;
  user: SessionUser;
  /** The server's TZ_BUSINESS, kept with the session so an offline start shows the same days. */
  businessTimeZone?: string;
}

/** localStorage key of the session (docs/product.md §7). */
export const STORAGE_KEY = 'prestaya';

type Listener = () => void;

// The in-memory session starts signed out (docs/product.md §4); the stored token is only used to attempt a refresh.
let current: Session | null = null;
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener();
}

function readStored(): Session | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Session> | null;
    if (!parsed || typeof parsed.token !== 'string' || !parsed.token) return null;
    return parsed as Session;
  } catch {
    return null;
  }
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/**
 * Turns a login/refresh reply into a session. A reply is accepted only when it carries userId and
 * roles (docs/product.md §5 "Other rules") and a token; anything else yields null. Checked by hand (same shape
 * as the contracts' `loginReply`) so that zod stays out of the first-load bundle.
 */
export function sessionFromReply(reply: unknown): Session | null {
  if (!reply || typeof reply !== 'object') return null;
  const r = reply as Partial<Record<keyof LoginReply, unknown>>;
  if (!isText(r.userId) || !isText(r.access_token)) return null;
  if (!Array.isArray(r.roles) || !r.roles.every(isText)) return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    token: r.access_token,
    user: {
      id: r.userId,
      name: text(r.name),
      lastName: text(r.lastName),
      username: text(r.username),
      roles: r.roles.filter((role): role is Role => isOneOf(ROLES, role)),
    },
    ...(isText(r.businessTimeZone) ? { businessTimeZone: r.businessTimeZone } : {}),
  };
}

export const session = {
  get(): Session | null {
    return current;
  },
  isAuthenticated(): boolean {
    return current !== null;
  },
  token(): string | null {
    return current?.token ?? null;
  },
  /** Token left by an earlier visit, used for one refresh attempt. */
  storedToken(): string | null {
    return readStored()?.token ?? null;
  },
  /** Accepts a login/refresh reply. Returns false (and changes nothing) when it is not acceptable. */
  start(reply: unknown): boolean {
    const next = sessionFromReply(reply);
    if (!next) return false;
    current = next;
    setBusinessTimeZone(next.businessTimeZone);
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Private mode or full storage: the in-memory session still works for this tab.
    }
    emit();
    return true;
  },
  /**
   * Without signal the token cannot be refreshed: the session stored by this device's last sign-in is
   * used as it is, so the field app opens offline. The server still checks the token on the first
   * request back online (a 401 then signs out). Returns false when nothing usable is stored.
   */
  resumeStored(): boolean {
    const stored = readStored();
    if (!stored?.user || !isText(stored.user.id) || !Array.isArray(stored.user.roles)) return false;
    current = stored;
    setBusinessTimeZone(isText(stored.businessTimeZone) ? stored.businessTimeZone : undefined);
    emit();
    return true;
  },
  clear(): void {
    const had = current !== null || readStored() !== null;
    current = null;
    try {
      localStorage.removeItem(STORAGE_KEY);
    } catch {
      // ignore
    }
    if (had) emit();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// Logging out in another tab logs out this one too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEY && event.newValue === null && current) {
      current = null;
      emit();
    }
  });
}

export function useSession(): Session | null {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}

/** A permission check is true when the role is in the user's roles (docs/product.md §6). */
export function hasRole(user: SessionUser | null | undefined, role: Role): boolean {
  return !!user?.roles.includes(role);
}

export function fullName(user: Pick<SessionUser, 'name' | 'lastName'>): string {
  return [user.name, user.lastName].filter(Boolean).join(' ');
}

export function initials(user: Pick<SessionUser, 'name' | 'lastName'>): string {
  return `${user.name.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
}
