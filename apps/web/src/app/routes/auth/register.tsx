import { RegisterPanel } from '../../../features/auth/components/RegisterPanel.tsx';

export function Component() {
  return (
    <>
      <title>Crear cuenta · PrestaYa</title>
      <RegisterPanel />
    </>
  );
}
