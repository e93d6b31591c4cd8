import { Text } from '@mantine/core';
import { type ReactElement, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmModal } from './ConfirmModal.tsx';
import { type CloseGuard, DialogCloseGuard } from './EntityDialog.tsx';

export const DISCARD_TITLE = 'Cambios sin guardar';
export const DISCARD_TEXT = 'Tiene cambios sin guardar. Si sale ahora se perderán.';

interface Pending {
  leave: () => void;
  stay: () => void;
}

export interface UnsavedChanges {
  /** Runs `action` now if nothing is unsaved, else once the user agrees to discard (e.g. 'Cancelar'). */
  confirmThen: CloseGuard;
  /** After a save: what was typed is stored, so closing or navigating no longer asks. */
  release: () => void;
  /** The question; render it anywhere in the form. */
  prompt: ReactElement;
}

/**
 * Keeps a form's typed changes from being lost by a slip: while `dirty`, closing its dialog (close
 * control, Escape, a click outside, 'Cancelar' through confirmThen), following a link to another
 * screen, or reloading/closing the tab first asks.
 */
export function useUnsavedChanges(dirty: boolean): UnsavedChanges {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const [pending, setPending] = useState<Pending | null>(null);

  const confirmThen = useCallback<CloseGuard>((action) => {
    if (!dirtyRef.current) return action();
    setPending({ leave: action, stay: () => {} });
  }, []);
  const release = useCallback(() => {
    dirtyRef.current = false;
  }, []);

  const dialogGuard = useContext(DialogCloseGuard);
  useEffect(() => {
    if (!dialogGuard) return;
    dialogGuard.current = confirmThen;
    return () => {
      if (dialogGuard.current === confirmThen) dialogGuard.current = null;
    };
  }, [dialogGuard, confirmThen]);

  // Another screen only: lists rewrite their own query string while the form stays open.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current && currentLocation.pathname !== nextLocation.pathname,
  );
  const asking: Pending | null =
    pending ?? (blocker.state === 'blocked' ? { leave: blocker.proceed, stay: blocker.reset } : null);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const answer = (leave: boolean) => {
    if (!asking) return;
    setPending(null);
    if (leave) {
      dirtyRef.current = false;
      asking.leave();
    } else asking.stay();
  };

  const prompt = (
    <ConfirmModal
      opened={asking !== null}
      title={DISCARD_TITLE}
      onClose={() => answer(false)}
      onConfirm={() => answer(true)}
      cancelLabel="Seguir editando"
      confirmLabel="Salir sin guardar"
      confirmColor="red"
    >
      <Text size="sm">{DISCARD_TEXT}</Text>
    </ConfirmModal>
  );
  return { confirmThen, release, prompt };
}
