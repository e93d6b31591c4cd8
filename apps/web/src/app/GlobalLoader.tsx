import { useIsMutating } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { FullPageLoader } from './FullPageLoader.tsx';

/** Show only work that lasts a moment, so quick navigations do not flash the page. */
const SHOW_DELAY_MS = 120;

function useDelayedFlag(active: boolean, delay: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delay);
    return () => clearTimeout(timer);
  }, [active, delay]);
  return shown;
}

/** Background list refetches are not included: tables show their own loader. */
export function GlobalLoader() {
  const mutating = useIsMutating();
  const navigation = useNavigation();
  const busy = mutating > 0 || navigation.state === 'loading';
  const visible = useDelayedFlag(busy, SHOW_DELAY_MS);
  return <FullPageLoader visible={visible} />;
}
