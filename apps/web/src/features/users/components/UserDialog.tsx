import { Alert, Anchor, Center, Loader, Modal } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { userQueryOptions } from '../api/get-user.ts';
import { UserForm } from './UserForm.tsx';

export interface UserDialogProps {
  opened: boolean;
  /** User to edit (loaded by id); null to create one. */
  userId: string | null;
  onClose: () => void;
}

function EditUser({ userId, onClose }: { userId: string; onClose: () => void }) {
  const user = useQuery(userQueryOptions(userId));
  if (user.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Cargando usuario" />
      </Center>
    );
  }
  if (user.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        No se pudo cargar el usuario.{' '}
        <Anchor component="button" type="button" onClick={() => void user.refetch()}>
          Reintentar
        </Anchor>
      </Alert>
    );
  }
  return <UserForm key={user.data.id} user={user.data} onCancel={onClose} onSaved={onClose} />;
}

/** 'Registro de Usuario': creates a user or edits one (spec 2 "UserList"). */
export function UserDialog({ opened, userId, onClose }: UserDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Registro de Usuario"
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {userId ? (
        <EditUser userId={userId} onClose={onClose} />
      ) : (
        <UserForm onCancel={onClose} onSaved={onClose} />
      )}
    </Modal>
  );
}
