import { Stack } from '@mantine/core';
import { ContractSettingsCard } from '../../../features/contracts/components/ContractSettingsCard.tsx';
import { ContractTemplatesCard } from '../../../features/contracts/components/ContractTemplatesCard.tsx';
import { IdentitySettingsCard } from '../../../features/customers/components/IdentitySettingsCard.tsx';
import { BusinessSettingsScreen } from '../../../features/settings/components/BusinessSettingsScreen.tsx';

export function Component() {
  return (
    <Stack gap="lg" maw={720}>
      <title>Configuración · PrestaYa</title>
      <BusinessSettingsScreen />
      <IdentitySettingsCard />
      <ContractSettingsCard />
      <ContractTemplatesCard />
    </Stack>
  );
}
