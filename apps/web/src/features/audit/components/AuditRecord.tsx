import { Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AuditEntry } from '@prestaya/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AuditChanges } from '../../../components/AuditChanges.tsx';
import { EntityDialog } from '../../../components/EntityDialog.tsx';
import { auditActionLabel, auditEntityLabel, auditUserName } from '../../../lib/audit.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { screenPaths } from '../../../lib/paths.ts';

// What an audit row is about, and how it opens: its record cell and the dialog with its changes.

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** 'Acción: Modificación' — the label dimmed, the value as it reads. */
function Labeled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm">
      <Text span c="dimmed">
        {label}:{' '}
      </Text>
      {children}
    </Text>
  );
}

/** What an audit row is about, in words, and the screen that shows it (when there is one). */
export function auditRecord(entry: AuditEntry): { label: string; href?: string } {
  const snap = entry.after ?? entry.before ?? {};
  const loanNum = snap.loanNum ?? (entry.entity === 'loan' ? snap.num : undefined);
  const customerId = text(snap.customerId);
  // What the server calls the record (a name, a number, a folio), when it still resolves.
  const named = entry.names?.[entry.entityId.toLowerCase()];
  switch (entry.entity) {
    case 'customer': {
      const name = [text(snap.name), text(snap.lastName)].filter(Boolean).join(' ');
      return { label: named ?? (name || 'Cliente'), href: screenPaths.customer(entry.entityId) };
    }
    case 'address':
      return {
        label: text(snap.street) ?? 'Domicilio',
        href: customerId ? screenPaths.customer(customerId) : undefined,
      };
    case 'loan':
      // A loan is shown on its customer's screen.
      return {
        label: named ? `Préstamo ${named}` : loanNum !== undefined ? `Préstamo No. ${loanNum}` : 'Préstamo',
        href: customerId ? screenPaths.customer(customerId) : undefined,
      };
    case 'payment':
      return {
        label: ['Pago', named, loanNum !== undefined ? `Préstamo No. ${loanNum}` : undefined]
          .filter(Boolean)
          .join(' · '),
        href: screenPaths.payment(entry.entityId),
      };
    case 'fee':
      return { label: named ?? (loanNum !== undefined ? `Multa · Préstamo No. ${loanNum}` : 'Multa') };
    case 'user':
      return { label: named ?? text(snap.username) ?? text(snap.name) ?? 'Usuario' };
    case 'bank_account':
      return {
        label: named ?? text(snap.name) ?? 'Cuenta',
        href: screenPaths.accountTransactions(entry.entityId),
      };
    case 'cash_close':
      return { label: named ? `Corte de ${named}` : 'Corte de caja' };
    case 'business_settings':
      return { label: 'Datos del negocio' };
    case 'loan_product':
      return { label: named ?? text(snap.name) ?? 'Producto' };
    default:
      return { label: auditEntityLabel(entry.entity) };
  }
}

export function RecordCell({ entry }: { entry: AuditEntry }) {
  const record = auditRecord(entry);
  return (
    <Stack gap={0}>
      {record.href ? (
        <Anchor component={Link} to={record.href} size="sm">
          {record.label}
        </Anchor>
      ) : (
        <Text size="sm">{record.label}</Text>
      )}
    </Stack>
  );
}

export function ChangesDialog({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 35.99em)');
  return (
    <EntityDialog opened={entry !== null} onClose={onClose} title="Cambios" size="lg" fullScreen={phone}>
      {entry && (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            <Labeled label="Acción">{auditActionLabel(entry.action)}</Labeled>
            <Labeled label="Entidad">
              {auditEntityLabel(entry.entity)} · {auditRecord(entry).label}
            </Labeled>
            <Labeled label="Fecha">{formatDateTime(entry.at)}</Labeled>
            <Labeled label="Usuario">{auditUserName(entry.user)}</Labeled>
          </SimpleGrid>
          <AuditChanges entry={entry} label="Cambios del registro" />
        </Stack>
      )}
    </EntityDialog>
  );
}
