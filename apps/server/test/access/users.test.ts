import { describe, expect, it } from 'vitest';
import { canSignIn, isActiveAdmin, selfUpdateViolation } from '../../src/access/users.ts';

describe('user rules', () => {
  it('only CANCELLED users are locked out', () => {
    expect(canSignIn('A')).toBe(true);
    expect(canSignIn('DELAYED')).toBe(true);
    expect(canSignIn('CANCELLED')).toBe(false);
  });

  it('an active admin has ROLE_ADMIN and is not cancelled', () => {
    expect(isActiveAdmin({ roles: ['ROLE_ADMIN'], status: 'A' })).toBe(true);
    expect(isActiveAdmin({ roles: ['ROLE_USER', 'ROLE_ADMIN'], status: 'DELAYED' })).toBe(true);
    expect(isActiveAdmin({ roles: ['ROLE_ADMIN'], status: 'CANCELLED' })).toBe(false);
    expect(isActiveAdmin({ roles: ['ROLE_USER'], status: 'A' })).toBe(false);
  });

  it('an admin cannot cancel themself or drop their own admin role, but may edit others freely', () => {
    expect(selfUpdateViolation('me', 'me', { roles: ['ROLE_ADMIN'], status: 'CANCELLED' })).toBe(
      'user.cannot_cancel_self',
    );
    expect(selfUpdateViolation('me', 'me', { roles: ['ROLE_USER'], status: 'A' })).toBe(
      'user.cannot_drop_own_admin',
    );
    expect(
      selfUpdateViolation('me', 'me', { roles: ['ROLE_ADMIN', 'ROLE_USER'], status: 'DELAYED' }),
    ).toBeUndefined();
    expect(selfUpdateViolation('me', 'other', { roles: ['ROLE_USER'], status: 'CANCELLED' })).toBeUndefined();
  });
});
