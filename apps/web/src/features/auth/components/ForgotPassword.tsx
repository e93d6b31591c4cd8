import { Anchor } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';

const ForgotPasswordDialog = lazy(() => import('./ForgotPasswordDialog.tsx'));

/** The sign-in page's '¿Olvidaste tu contraseña?': there is no e-mail, an administrator sends a reset link. */
export function ForgotPassword() {
  const [opened, dialog] = useDisclosure(false);
  // Mounted from the first opening on, so that closing plays the modal's transition.
  const [wanted, setWanted] = useState(false);
  const open = () => {
    setWanted(true);
    dialog.open();
  };
  return (
    <>
      <Anchor component="button" type="button" size="sm" onClick={open}>
        ¿Olvidaste tu contraseña?
      </Anchor>
      {wanted && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog opened={opened} onClose={dialog.close} />
        </Suspense>
      )}
    </>
  );
}
