import { useIsMutating } from '@tanstack/react-query';
import { useNavigation } from 'react-router';
import { DelayedPageLoader } from './FullPageLoader.tsx';

/** Background list refetches are not included: tables show their own loader. */
export function GlobalLoader() {
  const mutating = useIsMutating();
  const navigation = useNavigation();
  return <DelayedPageLoader busy={mutating > 0 || navigation.state === 'loading'} />;
}
