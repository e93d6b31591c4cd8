import { BusinessSettingsScreen } from '../../../features/settings/components/BusinessSettingsScreen.tsx';

export function Component() {
  return (
    <>
      <title>Configuración · PrestaYa</title>
      <BusinessSettingsScreen />
    </>
  );
}
