import { Checkbox, Group, PasswordInput, Select, Stack } from '@mantine/core';
import {
  ROLE_LABELS,
  type Role,
  USER_STATUS_LABELS,
  USER_STATUSES,
  type User,
  type UserCreate,
  type UserStatus,
  type UserUpdate,
  userCreate,
  userUpdate,
} from '@prestaya/contracts';
import { FormActions } from '../../../components/FormActions.tsx';
import { FieldRow, TextField } from '../../../components/FormFields.tsx';
import { useUnsavedChanges } from '../../../components/UnsavedChanges.tsx';
import { saveCallbacks, schemaCheck, textFieldsOf, useCheckedForm } from '../../../lib/form.ts';
import { useCreateUser } from '../api/create-user.ts';
import { useUpdateUser } from '../api/update-user.ts';

export interface UserFormValues {
  name: string;
  lastName: string;
  username: string;
  password: string;
  pin: string;
  roles: Role[];
  status: UserStatus;
}

export const KEEP_CURRENT_HINT = 'Déjelo vacío para conservar el actual';

function initialValues(user?: User): UserFormValues {
  return {
    ...textFieldsOf(user, ['name', 'lastName', 'username']),
    password: '',
    pin: '',
    roles: user?.roles ? [...user.roles] : [],
    status: user?.status ?? 'A',
  };
}

/** What is sent: on edit, an empty password or PIN is left out (= keep the current one). */
function toPayload(values: UserFormValues, editing: boolean): UserCreate | UserUpdate {
  const { password, pin, ...rest } = values;
  if (!editing) return { ...rest, password, pin };
  return { ...rest, ...(password ? { password } : {}), ...(pin ? { pin } : {}) };
}

const normalized = (values: UserFormValues) => JSON.stringify({ ...values, roles: [...values.roles].sort() });

export interface UserFormProps {
  /** The user being edited; absent to create one. */
  user?: User;
  onCancel: () => void;
  onSaved: () => void;
}

/** Fields of the 'Registro de Usuario' dialog, validated with the contracts' schemas. */
export function UserForm({ user, onCancel, onSaved }: UserFormProps) {
  const editing = !!user;
  const schema = editing ? userUpdate : userCreate;
  const create = useCreateUser();
  const update = useUpdateUser();

  const { form, valid } = useCheckedForm(
    initialValues(user),
    schemaCheck(schema, (values: UserFormValues) => toPayload(values, editing)),
  );
  const changed = normalized(form.values) !== normalized(initialValues(user));
  const pending = create.isPending || update.isPending;
  const unsaved = useUnsavedChanges(changed);
  const saved = () => {
    unsaved.release();
    onSaved();
  };

  const submit = form.onSubmit((values) => {
    if (!valid || !changed || pending) return;
    if (user) {
      const body = userUpdate.parse(toPayload(values, true));
      update.mutate(
        { id: user.id, body },
        saveCallbacks(form, {
          saved: 'Usuario actualizado!',
          onSaved: saved,
        }),
      );
    } else {
      const body = userCreate.parse(toPayload(values, false));
      create.mutate(
        body,
        saveCallbacks(form, {
          saved: 'Usuario creado correctamente!',
          failed: 'Error creando el usuario!',
          onSaved: saved,
        }),
      );
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <FieldRow>
          <TextField form={form} name="name" label="Nombre" data-autofocus />
          <TextField form={form} name="lastName" label="Apellidos" />
        </FieldRow>
        <TextField
          form={form}
          name="username"
          label="Usuario"
          type="email"
          placeholder="correo@ejemplo.com"
          description="Correo electrónico con el que inicia sesión"
        />
        <FieldRow>
          <PasswordInput
            label="Contraseña"
            description={editing ? KEEP_CURRENT_HINT : 'Al menos 8 caracteres'}
            autoComplete="new-password"
            visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar' }}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="PIN"
            description={editing ? KEEP_CURRENT_HINT : '4 a 6 dígitos'}
            inputMode="numeric"
            maxLength={6}
            autoComplete="off"
            visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar' }}
            {...form.getInputProps('pin')}
          />
        </FieldRow>
        <Checkbox.Group label="Perfil" {...form.getInputProps('roles')}>
          <Group mt={6} gap="lg">
            <Checkbox value="ROLE_ADMIN" label={ROLE_LABELS.ROLE_ADMIN} />
            <Checkbox value="ROLE_USER" label={ROLE_LABELS.ROLE_USER} />
          </Group>
        </Checkbox.Group>
        {editing && (
          <Select
            label="Estatus"
            data={USER_STATUSES.map((value) => ({ value, label: USER_STATUS_LABELS[value] }))}
            allowDeselect={false}
            {...form.getInputProps('status')}
          />
        )}
        <FormActions
          onCancel={() => unsaved.confirmThen(onCancel)}
          disabled={!valid || !changed || pending}
          loading={pending}
        />
      </Stack>
      {unsaved.prompt}
    </form>
  );
}
