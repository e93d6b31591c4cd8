import { ActionIcon, Button, Group, Paper, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { CUSTOMER_DOCUMENT_TYPE_LABELS, type CustomerDocument } from '@prestaya/contracts';
import { IconDownload, IconEye, IconFileTypePdf, IconPhoto, IconTrash } from '@tabler/icons-react';
import type { MouseEvent, ReactNode } from 'react';
import { sizeText } from '../../../components/FileDropzone.tsx';
import { GalleryItem, ImageGallery } from '../../../components/ImageGallery.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';

const THUMB = 48;

export const documentLabel = (document: CustomerDocument) => CUSTOMER_DOCUMENT_TYPE_LABELS[document.type];

/**
 * How a document is viewed: images the browser shows in the gallery; PDFs and HEIC photos are
 * downloaded (the server serves them only as attachments, never inside this application's pages).
 */
const viewOf = (document: CustomerDocument) =>
  document.contentType === 'application/pdf' || document.contentType === 'image/heic'
    ? 'download'
    : 'gallery';

interface RowProps {
  document: CustomerDocument;
  canDelete: boolean;
  onDelete: (document: CustomerDocument) => void;
}

function Details({ document }: { document: CustomerDocument }) {
  const by = document.uploadedBy ? `${document.uploadedBy.name} ${document.uploadedBy.lastName}` : '—';
  const file = [document.filename, sizeText(document.sizeBytes)].filter(Boolean).join(' · ');
  return (
    <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
      <Text fw={600} size="sm">
        {documentLabel(document)}
      </Text>
      {document.documentDate && (
        <Text size="sm">Fecha del comprobante: {formatDate(document.documentDate)}</Text>
      )}
      {document.description && (
        <Text size="sm" truncate title={document.description}>
          {document.description}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {formatDateTime(document.uploadedOn)} · {by}
      </Text>
      <Text size="xs" c="dimmed" truncate title={file}>
        {file}
      </Text>
    </Stack>
  );
}

/** The row's layout: preview, what it is, and its actions (which wrap under it on a narrow phone). */
function RowLayout({
  preview,
  details,
  actions,
}: {
  preview: ReactNode;
  details: ReactNode;
  actions: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="sm" role="listitem">
      <Group gap="sm" wrap="nowrap" align="center">
        {preview}
        {details}
        <Group gap={4} wrap="nowrap">
          {actions}
        </Group>
      </Group>
    </Paper>
  );
}

function Actions({
  document,
  canDelete,
  onDelete,
  view,
}: Pick<RowProps, 'document' | 'canDelete' | 'onDelete'> & { view: ReactNode }) {
  return (
    <>
      {view}
      {canDelete && (
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          aria-label={`Eliminar ${documentLabel(document)}`}
          title="Eliminar"
          onClick={() => onDelete(document)}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      )}
    </>
  );
}

const viewButton = (label: string, onClick: (event: MouseEvent) => void, loading = false) => (
  <Button
    size="xs"
    variant="light"
    leftSection={<IconEye size={14} aria-hidden />}
    aria-label={`Ver ${label}`}
    onClick={onClick}
    loading={loading}
  >
    Ver
  </Button>
);

function ImageRow({ document, ...props }: RowProps) {
  const label = documentLabel(document);
  return (
    <GalleryItem<HTMLButtonElement> uri={document.uri} alt={label}>
      {({ ref, open, opening }) => (
        <RowLayout
          preview={
            <UnstyledButton
              ref={ref}
              onClick={open}
              aria-label={`Ampliar ${label}`}
              style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden', flex: 'none' }}
            >
              <img
                src={document.uri}
                alt={label}
                width={THUMB}
                height={THUMB}
                style={{
                  display: 'block',
                  objectFit: 'cover',
                  background: 'var(--mantine-color-gray-light)',
                }}
              />
            </UnstyledButton>
          }
          details={<Details document={document} />}
          actions={<Actions document={document} {...props} view={viewButton(label, open, opening)} />}
        />
      )}
    </GalleryItem>
  );
}

function FileRow({ document, ...props }: RowProps) {
  const label = documentLabel(document);
  const pdf = document.contentType === 'application/pdf';
  const view = (
    <Button
      component="a"
      href={document.uri}
      download={document.filename ?? ''}
      size="xs"
      variant="light"
      leftSection={<IconDownload size={14} aria-hidden />}
      aria-label={`Descargar ${label}`}
    >
      Descargar
    </Button>
  );
  return (
    <RowLayout
      preview={
        <ThemeIcon size={THUMB} radius="sm" variant="light" color={pdf ? 'red' : 'gray'} aria-hidden>
          {pdf ? <IconFileTypePdf size={28} /> : <IconPhoto size={28} />}
        </ThemeIcon>
      }
      details={<Details document={document} />}
      actions={<Actions document={document} {...props} view={view} />}
    />
  );
}

/** The documents, newest first: images open in the gallery (one gallery for all of them), PDFs download. */
export function DocumentList({
  documents,
  ...props
}: Omit<RowProps, 'document'> & { documents: CustomerDocument[] }) {
  return (
    <ImageGallery>
      <Stack gap="xs" role="list" aria-label="Documentos del cliente">
        {documents.map((document) =>
          viewOf(document) === 'gallery' ? (
            <ImageRow key={document.id} document={document} {...props} />
          ) : (
            <FileRow key={document.id} document={document} {...props} />
          ),
        )}
      </Stack>
    </ImageGallery>
  );
}
