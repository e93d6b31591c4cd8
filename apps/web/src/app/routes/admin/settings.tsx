import { Stack } from '@mantine/core';
import { IdentitySettingsCard } from '../../../features/customers/components/IdentitySettingsCard.tsx';
import { BusinessSettingsScreen } from '../../../features/settings/components/BusinessSettingsScreen.tsx';

export function Component() {
  return (
    <Stack gap="lg">
      <title>Configuración · PrestaYa</title>
      <BusinessSettingsScreen />
      <IdentitySettingsCard />
    </Stack>
  );
}
