import { BackupList } from '../../../features/backups/components/BackupList.tsx';

export function Component() {
  return (
    <>
      <title>Respaldos · PrestaYa</title>
      <BackupList />
    </>
  );
}
