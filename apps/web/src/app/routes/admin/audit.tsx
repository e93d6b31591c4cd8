import { AuditTrail } from '../../../features/audit/components/AuditTrail.tsx';

export function Component() {
  return (
    <>
      <title>Auditoría · PrestaYa</title>
      <AuditTrail />
    </>
  );
}
