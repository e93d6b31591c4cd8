import { useParams } from 'react-router';
import { ResetPasswordPanel } from '../../../features/auth/components/ResetPasswordPanel.tsx';

export function Component() {
  const { token = '' } = useParams();
  return (
    <>
      <title>Restablecer contraseña · PrestaYa</title>
      {/* A new token is a new page: nothing typed for another link carries over. */}
      <ResetPasswordPanel key={token} token={token} />
    </>
  );
}
