import { afterEach, describe, expect, it } from 'vitest';
import {
  businessTimeZone,
  businessToday,
  DEFAULT_BUSINESS_TIME_ZONE,
  setBusinessTimeZone,
} from './format.ts';
import { STORAGE_KEY, session } from './session.ts';

const reply = {
  userId: 'u-1',
  roles: ['ROLE_USER'],
  name: 'Luis',
  lastName: 'Pérez',
  username: 'luis@example.com',
  access_token: 'token-1',
};

// 22:30 of 1 March in Mexico City is already 05:30 of 2 March in Madrid.
const instant = new Date('2026-03-02T04:30:00Z');

afterEach(() => {
  session.clear();
  setBusinessTimeZone(DEFAULT_BUSINESS_TIME_ZONE);
});

describe("the session's business time zone", () => {
  it('is Mexico City until a reply names one', () => {
    expect(session.start(reply)).toBe(true);
    expect(businessTimeZone()).toBe('America/Mexico_City');
    expect(businessToday(instant)).toBe('2026-03-01');
  });

  it("is the server's from the login reply, and again from the stored session offline", () => {
    expect(session.start({ ...reply, businessTimeZone: 'Europe/Madrid' })).toBe(true);
    expect(businessToday(instant)).toBe('2026-03-02');
    const stored = localStorage.getItem(STORAGE_KEY) ?? '';

    setBusinessTimeZone(DEFAULT_BUSINESS_TIME_ZONE);
    localStorage.setItem(STORAGE_KEY, stored);
    expect(session.resumeStored()).toBe(true);
    expect(businessTimeZone()).toBe('Europe/Madrid');
  });

  it('keeps the last known zone when a reply names one this browser does not know', () => {
    expect(session.start({ ...reply, businessTimeZone: 'Marte/Olimpo' })).toBe(true);
    expect(businessTimeZone()).toBe('America/Mexico_City');
  });
});
