import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { NotFound } from '../../NotFound.tsx';

export function Component() {
  return (
    <NotFound
      action={
        <Button component={Link} to="/admin/dashboard" mt="md">
          Ir al Dashboard
        </Button>
      }
    />
  );
}
