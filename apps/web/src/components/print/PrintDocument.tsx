import './print.css';
import { Alert, Anchor, Button } from '@mantine/core';
import { businessContactLines } from '@prestaya/contracts';
import { IconPrinter, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { isApiError } from '../../lib/api.ts';
import { useBusinessSettings } from '../../lib/business-settings.ts';
import { formatDateTime } from '../../lib/format.ts';
import { CenteredLoader } from '../QueryState.tsx';

export const PRINT_LABEL = 'Imprimir';

/** A label / value pair of a printed document. */
export interface PrintField {
  label: string;
  value: ReactNode;
}

export function PrintFields({ fields, label }: { fields: PrintField[]; label?: string }) {
  return (
    <dl className="print-fields" aria-label={label}>
      {fields.map((field) => (
        <div key={field.label}>
          <dt>{field.label}</dt>
          <dd>{field.value}</dd>
        </div>
      ))}
    </dl>
  );
}

interface PrintDocumentProps {
  /** Browser tab title (also the default PDF name). */
  documentTitle: string;
  /** Heading on the sheet, e.g. 'Recibo de pago'. */
  title: string;
  /** Identifies the document: 'Folio …', 'Préstamo No. …'. */
  reference: ReactNode;
  /** The moment printed on the sheet (defaults to now). */
  issuedAt?: Date;
  /** A receipt must fit one page: the sheet never breaks. */
  singlePage?: boolean;
  /** Smaller type and rows for long tables. */
  compact?: boolean;
  /** Shown on screen above the sheet, never printed (e.g. that it is the phone's copy). */
  notice?: ReactNode;
  children: ReactNode;
}

/**
 * A printable document outside the admin shell: 'Imprimir' and 'Cerrar' on screen, then a plain sheet
 * with the business's header (its name and contact, PrestaYa until it is set); the print stylesheet removes everything but the sheet.
 */
export function PrintDocument({
  documentTitle,
  title,
  reference,
  issuedAt,
  singlePage = false,
  compact = false,
  notice,
  children,
}: PrintDocumentProps) {
  // The business's own data ('Configuración'): its name and only the contact lines it set.
  const business = useBusinessSettings();
  const contact = business ? businessContactLines(business) : [];
  const classes = ['print-sheet', singlePage && 'print-single-page', compact && 'print-compact']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="print-screen">
      <title>{`${documentTitle} · PrestaYa`}</title>
      <PrintToolbar />
      {notice && (
        <div className="no-print" style={{ maxWidth: 560, margin: '0 auto 12px' }}>
          {notice}
        </div>
      )}
      <main className={classes}>
        <header className="print-header">
          <div className="print-brand">
            {business?.name ?? 'PrestaYa'}
            <small>Préstamos personales · 12 pagos semanales</small>
            {contact.map((line) => (
              <small key={line} data-testid="print-business-contact">
                {line}
              </small>
            ))}
          </div>
          <div className="print-doc-title">
            <h1>{title}</h1>
            <p>{reference}</p>
            <p>Emitido el {formatDateTime(issuedAt ?? new Date())}</p>
          </div>
        </header>
        {children}
      </main>
    </div>
  );
}

function PrintToolbar() {
  return (
    <div className="print-toolbar">
      <Button variant="default" leftSection={<IconX size={16} aria-hidden />} onClick={() => window.close()}>
        Cerrar
      </Button>
      <Button leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
        {PRINT_LABEL}
      </Button>
    </div>
  );
}

/** Loading and error states of a printable document (never printed as a blank sheet). */
export function PrintState({
  isPending,
  error,
  what,
  onRetry,
}: {
  isPending: boolean;
  error: unknown;
  /** e.g. 'el pago'. */
  what: string;
  onRetry: () => void;
}) {
  if (isPending) {
    return (
      <div className="print-screen">
        <CenteredLoader label={`Cargando ${what}`} />
      </div>
    );
  }
  const detail = isApiError(error) ? error.detail : `No se pudo cargar ${what}.`;
  const notFound = isApiError(error) && (error.status === 404 || error.status === 400);
  return (
    <div className="print-screen">
      <title>Documento no disponible · PrestaYa</title>
      <Alert
        color={notFound ? 'gray' : 'red'}
        variant="light"
        role="alert"
        title={detail}
        maw={560}
        mx="auto"
      >
        {!notFound && (
          <Anchor component="button" type="button" onClick={onRetry}>
            Reintentar
          </Anchor>
        )}
      </Alert>
    </div>
  );
}
