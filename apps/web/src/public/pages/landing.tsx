import { Landing } from '../../features/landing/components/Landing.tsx';

export default function Page() {
  return (
    <>
      <title>PrestaYa · Préstamos personales</title>
      <Landing />
    </>
  );
}
