import { Stack } from '@mantine/core';
import { Dashboard } from '../../../features/dashboard/components/Dashboard.tsx';
import { PinLockNotices } from '../../../features/users/components/PinLockNotices.tsx';
import { hasRole, useSession } from '../../../lib/session.ts';

// The route composes the users feature's PIN lock notice (administrators only) above the dashboard.
export function Component() {
  const isAdmin = hasRole(useSession()?.user, 'ROLE_ADMIN');
  return (
    <>
      <title>Dashboard · PrestaYa</title>
      <Stack gap="lg">
        {isAdmin && <PinLockNotices />}
        <Dashboard />
      </Stack>
    </>
  );
}
