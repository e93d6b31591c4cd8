import { Landing } from '../../../features/landing/components/Landing.tsx';

export function Component() {
  return (
    <>
      <title>PrestaYa · Préstamos personales</title>
      <Landing />
    </>
  );
}
