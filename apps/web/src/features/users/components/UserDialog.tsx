import { useQuery } from '@tanstack/react-query';
import { EntityDialog } from '../../../components/EntityDialog.tsx';
import { QueryRecord } from '../../../components/QueryState.tsx';
import { userQueryOptions } from '../api/get-user.ts';
import { UserForm } from './UserForm.tsx';

export interface UserDialogProps {
  opened: boolean;
  /** User to edit (loaded by id); null to create one. */
  userId: string | null;
  onClose: () => void;
}

function EditUser({ userId, onClose }: { userId: string; onClose: () => void }) {
  return (
    <QueryRecord
      query={useQuery(userQueryOptions(userId))}
      loadingLabel="Cargando usuario"
      errorText="No se pudo cargar el usuario."
    >
      {(user) => <UserForm key={user.id} user={user} onCancel={onClose} onSaved={onClose} />}
    </QueryRecord>
  );
}

/** 'Registro de Usuario': creates a user or edits one (docs/product.md §2 "UserList"). */
export function UserDialog({ opened, userId, onClose }: UserDialogProps) {
  return (
    <EntityDialog opened={opened} onClose={onClose} title="Registro de Usuario" size="lg">
      {userId ? (
        <EditUser userId={userId} onClose={onClose} />
      ) : (
        <UserForm onCancel={onClose} onSaved={onClose} />
      )}
    </EntityDialog>
  );
}
