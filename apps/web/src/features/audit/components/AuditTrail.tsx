import { UnderConstruction } from '../../../components/UnderConstruction.tsx';

/** /admin/audit — the audit trail (issue 7). The list lands with the audit work. */
export function AuditTrail() {
  return <UnderConstruction title="Auditoría" />;
}
