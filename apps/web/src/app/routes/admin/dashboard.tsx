import { Dashboard } from '../../../features/dashboard/components/Dashboard.tsx';

export function Component() {
  return (
    <>
      <title>Dashboard · PrestaYa</title>
      <Dashboard />
    </>
  );
}
