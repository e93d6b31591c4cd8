import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { screenPaths } from '../../../lib/paths.ts';

/** The way back to Login under the auth pages that are not Login itself. */
export function BackToLogin() {
  return (
    <Text size="sm" ta="center">
      <Anchor component={Link} to={screenPaths.login} fw={600}>
        Volver a iniciar sesión
      </Anchor>
    </Text>
  );
}
