import { NotFound } from '../NotFound.tsx';

export function Component() {
  return <NotFound />;
}
