import '@mantine/dropzone/styles.css';
import { Button, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { MAX_PROOF_BYTES, PROOF_CONTENT_TYPES } from '@prestaya/contracts';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { DropzoneIcons, rejectedAsTooLarge } from '../../../components/ImageDropzone.tsx';
import { notify } from '../../../lib/notify.ts';
import { DROPZONE_PROMPT } from '../payment-labels.ts';

/** MIME types with their extensions: some systems give a HEIC file no type at all. */
const EXTENSIONS: Record<(typeof PROOF_CONTENT_TYPES)[number], string[]> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
  'image/heic': ['.heic', '.heif'],
};
const ACCEPT = Object.fromEntries(PROOF_CONTENT_TYPES.map((type) => [type, EXTENSIONS[type]]));
const ACCEPTED_TYPES: readonly string[] = PROOF_CONTENT_TYPES;
const ACCEPTED_EXTENSIONS = Object.values(EXTENSIONS).flat();
export const PROOF_TYPE_ERROR = 'Solo se aceptan imágenes JPEG, PNG, WebP o HEIC';
export const PROOF_SIZE_ERROR = 'La imagen no debe pesar más de 10 MB';

const acceptable = (file: File) =>
  (ACCEPTED_TYPES.includes(file.type) ||
    ACCEPTED_EXTENSIONS.some((ext) => file.name.toLowerCase().endsWith(ext))) &&
  file.size <= MAX_PROOF_BYTES;

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** A local preview of the chosen image (an object URL released when the file changes). */
function Preview({ file, onRemove }: { file: File; onRemove: () => void }) {
  const [url, setUrl] = useState<string | null>(null);
  const [broken, setBroken] = useState(false);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    setBroken(false);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return (
    <Paper withBorder radius="md" p="xs">
      <Group gap="sm" wrap="nowrap" align="center">
        {url && !broken ? (
          <Image
            src={url}
            alt="Vista previa del comprobante"
            w={96}
            h={96}
            fit="contain"
            radius="sm"
            onError={() => setBroken(true)}
          />
        ) : (
          // HEIC cannot be previewed by most browsers: the name is enough.
          <IconPhoto size={40} aria-hidden />
        )}
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={500} truncate title={file.name}>
            {file.name}
          </Text>
          <Text size="xs" c="dimmed">
            {sizeText(file.size)}
          </Text>
        </Stack>
        <Button
          variant="light"
          color="red"
          size="xs"
          leftSection={<IconTrash size={14} aria-hidden />}
          onClick={onRemove}
        >
          Borrar
        </Button>
      </Group>
    </Paper>
  );
}

export interface PaymentProofDropzoneProps {
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
}

/**
 * The transfer's proof image (spec 2 "Payment form"): one JPEG/PNG/WebP/HEIC image up to 10 MB; when
 * several are dropped only the first is attached. Removable with 'Borrar'.
 */
export function PaymentProofDropzone({ file, onChange, disabled = false }: PaymentProofDropzoneProps) {
  const reject = (rejections: FileRejection[]) => {
    // Several files at once: react-dropzone refuses them all; keep the first one if it is an image.
    const first = rejections[0]?.file;
    const onlyTooMany = rejections.every((r) => r.errors.every((e) => e.code === 'too-many-files'));
    if (first && onlyTooMany && acceptable(first)) {
      onChange(first);
      return;
    }
    notify.error(
      'Comprobante no válido',
      rejectedAsTooLarge(rejections) ? PROOF_SIZE_ERROR : PROOF_TYPE_ERROR,
    );
  };

  if (file) return <Preview file={file} onRemove={() => onChange(null)} />;
  return (
    <Dropzone
      onDrop={(files) => onChange(files[0] ?? null)}
      onReject={reject}
      accept={ACCEPT}
      maxFiles={1}
      multiple={false}
      maxSize={MAX_PROOF_BYTES}
      disabled={disabled}
      radius="md"
      inputProps={{ 'aria-label': 'Comprobante de pago' }}
    >
      <Group justify="center" gap="md" mih={96} style={{ pointerEvents: 'none' }} wrap="nowrap">
        <DropzoneIcons />
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {DROPZONE_PROMPT}
          </Text>
          <Text size="xs" c="dimmed">
            Una imagen JPEG, PNG, WebP o HEIC de hasta 10 MB
          </Text>
        </Stack>
      </Group>
    </Dropzone>
  );
}
