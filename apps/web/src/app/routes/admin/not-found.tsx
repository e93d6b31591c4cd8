import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { screenPaths } from '../../../lib/paths.ts';
import { NotFound } from '../../NotFound.tsx';

export function Component() {
  return (
    <NotFound
      action={
        <Button component={Link} to={screenPaths.dashboard} mt="md">
          Ir al Dashboard
        </Button>
      }
    />
  );
}
