import { Stack } from '@mantine/core';
import { USER_STATUS_LABELS, USER_STATUSES, type User } from '@prestaya/contracts';
import { useState } from 'react';
import { CatalogTable, type ColumnDef } from '../../../components/CatalogTable/index.ts';
import { getUsers } from '../api/get-users.ts';
import { USERS_PATH, usersKeys } from '../api/keys.ts';
import { USER_STATUS_BADGES } from '../labels.ts';
import { PinLockNotices } from './PinLockNotices.tsx';
import { useUnlockPinAction } from './UnlockPinDialog.tsx';
import { UserDialog } from './UserDialog.tsx';

const columns: ColumnDef<User>[] = [
  { header: 'No. Usuario', accessor: 'num', width: 120 },
  { header: 'Nombre', accessor: 'name' },
  { header: 'Apellidos', accessor: 'lastName' },
  { header: 'Usuario', accessor: 'username' },
  { header: 'Estatus', accessor: 'status', type: 'status', labels: USER_STATUS_BADGES },
];

const statusFilter = USER_STATUSES.map((value) => ({ value, text: USER_STATUS_LABELS[value] }));

/** /admin/users (admin only). */
export function UserList() {
  const [dialog, setDialog] = useState<{ opened: boolean; userId: string | null }>({
    opened: false,
    userId: null,
  });
  const unlockPin = useUnlockPinAction();

  return (
    <Stack>
      <PinLockNotices />
      <CatalogTable<User>
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
        extraButtons={[unlockPin.button]}
        exportCsv={{ path: `${USERS_PATH}/export.csv`, fallbackName: 'usuarios.csv' }}
      />
      <UserDialog
        opened={dialog.opened}
        userId={dialog.userId}
        onClose={() => setDialog((d) => ({ ...d, opened: false }))}
      />
      {unlockPin.dialog}
    </Stack>
  );
}
