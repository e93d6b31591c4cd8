import { LoginForm } from '../../../features/auth/components/LoginForm.tsx';

export function Component() {
  return (
    <>
      <title>Iniciar sesión · PrestaYa</title>
      <LoginForm />
    </>
  );
}
