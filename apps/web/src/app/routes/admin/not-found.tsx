import { NotFound } from '../../NotFound.tsx';

export function Component() {
  return <NotFound homeTo="/admin/dashboard" homeLabel="Ir al Dashboard" />;
}
