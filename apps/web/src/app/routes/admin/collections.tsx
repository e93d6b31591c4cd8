import { CollectionsScreen } from '../../../features/collections/components/CollectionsScreen.tsx';
import { useSession } from '../../../lib/session.ts';

export function Component() {
  const current = useSession();
  return (
    <>
      <title>Cobranza · PrestaYa</title>
      {current && <CollectionsScreen user={current.user} />}
    </>
  );
}
