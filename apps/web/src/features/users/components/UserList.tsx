import { Group, Stack } from '@mantine/core';
import { rolesLabel, USER_STATUS_LABELS, USER_STATUSES, type User } from '@prestaya/contracts';
import { IconLogout } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import {
  CatalogTable,
  type ColumnDef,
  type ExtraButton,
  filterOptionsOf,
} from '../../../components/CatalogTable/index.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { getUsers } from '../api/get-users.ts';
import { usersKeys } from '../api/keys.ts';
import { USER_STATUS_BADGES } from '../labels.ts';
import { PinBurstBadge, PinLockNotices } from './PinLockNotices.tsx';
import { useResetLinkAction } from './ResetLinkDialog.tsx';
import { REVOKE_SESSIONS_LABEL, RevokeSessionsDialog } from './RevokeSessionsDialog.tsx';
import { useUnlockPinAction } from './UnlockPinDialog.tsx';
import { UserDialog } from './UserDialog.tsx';

const columns: ColumnDef<User>[] = [
  { header: 'No. Usuario', accessor: 'num', width: 120 },
  {
    header: 'Nombre',
    accessor: 'name',
    render: (user) =>
      user.pinBurst ? (
        <Group gap={6} wrap="wrap">
          <span>{user.name}</span>
          <PinBurstBadge burst={user.pinBurst} />
        </Group>
      ) : (
        user.name
      ),
  },
  { header: 'Apellidos', accessor: 'lastName' },
  { header: 'Usuario', accessor: 'username' },
  {
    header: 'Tipo de usuario',
    accessor: 'roles',
    visibleFrom: 'md',
    render: (user) => rolesLabel(user.roles),
  },
  { header: 'Estatus', accessor: 'status', type: 'status', labels: USER_STATUS_BADGES },
];

/** Row actions besides 'Editar'. A cancelled user has no session left to close. */
const rowActions = (onRevoke: (user: User) => void): ExtraButton<User>[] => [
  {
    label: REVOKE_SESSIONS_LABEL,
    icon: <IconLogout size={16} aria-hidden />,
    onClick: onRevoke,
    condition: (user) => user.status !== 'CANCELLED',
  },
];

const statusFilter = filterOptionsOf(USER_STATUSES, USER_STATUS_LABELS);

/** /admin/users (admin only). */
export function UserList() {
  const [dialog, setDialog] = useState<{ opened: boolean; userId: string | null }>({
    opened: false,
    userId: null,
  });
  const [revoking, setRevoking] = useState<User | null>(null);
  const unlockPin = useUnlockPinAction();
  const resetLink = useResetLinkAction();
  const extraButtons = useMemo(
    () => [...rowActions(setRevoking), resetLink.button, unlockPin.button],
    [resetLink.button, unlockPin.button],
  );

  return (
    <Stack>
      <PinLockNotices />
      <CatalogTable<User>
        listId="users"
        title="Usuarios"
        titleOrder={1}
        queryKey={usersKeys.lists()}
        fetchPage={getUsers}
        columns={columns}
        searchable
        searchPlaceholder="Nombre, Apellidos, Usuario"
        filterOptions={statusFilter}
        filterLabel="Filtrar por estatus"
        onAdd={() => setDialog({ opened: true, userId: null })}
        onEdit={(user) => setDialog({ opened: true, userId: user.id })}
        extraButtons={extraButtons}
        exportCsv={{ path: `${apiPaths.users}/export.csv`, fallbackName: 'usuarios.csv' }}
      />
      <UserDialog
        opened={dialog.opened}
        userId={dialog.userId}
        onClose={() => setDialog((d) => ({ ...d, opened: false }))}
      />
      <RevokeSessionsDialog user={revoking} onClose={() => setRevoking(null)} />
      {resetLink.dialog}
      {unlockPin.dialog}
    </Stack>
  );
}
