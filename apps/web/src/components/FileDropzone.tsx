import '@mantine/dropzone/styles.css';
import { Button, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconFileText, IconPhoto, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { notify } from '../lib/notify.ts';
import { DropzoneIcons, rejectedAsTooLarge } from './ImageDropzone.tsx';

/** What a dropzone takes: MIME types with their extensions (some systems give a HEIC file no type). */
export type AcceptedFiles = Record<string, readonly string[]>;

/** The extensions of the types the server accepts as uploads (proof images, customer documents). */
const EXTENSIONS: Record<string, readonly string[]> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
  'image/heic': ['.heic', '.heif'],
  'application/pdf': ['.pdf'],
};

/** The `accept` of a dropzone for these MIME types. */
export const acceptOf = (types: readonly string[]): AcceptedFiles =>
  Object.fromEntries(types.map((type) => [type, EXTENSIONS[type] ?? []]));

export interface FileDropzoneTexts {
  /** The accessible name of the file input, e.g. 'Comprobante de pago'. */
  label: string;
  prompt: string;
  /** What the zone takes, under the prompt: 'Una imagen JPEG, PNG… de hasta 10 MB'. */
  hint: string;
  /** The refusal toast: its title, and its text for a file of another type or too large. */
  refusedTitle: string;
  typeError: string;
  sizeError: string;
  /** The alt text of the chosen image's preview. */
  previewAlt: string;
}

export interface FileDropzoneProps {
  file: File | null;
  onChange: (file: File | null) => void;
  accept: AcceptedFiles;
  maxSize: number;
  texts: FileDropzoneTexts;
  disabled?: boolean;
  /** A refusal of the chosen file to show under the zone (the server's, after a 413/415). */
  error?: ReactNode;
}

/** '2.4 MB' or '830 KB'. */
export function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** A type or an extension of `accept`, and no larger than `maxSize`. */
function acceptable(file: File, accept: AcceptedFiles, maxSize: number): boolean {
  const name = file.name.toLowerCase();
  const typed =
    file.type in accept || Object.values(accept).some((exts) => exts.some((ext) => name.endsWith(ext)));
  return typed && file.size <= maxSize;
}

/** A local preview of the chosen image (an object URL released when the file changes); others by icon. */
function Preview({ file, alt, onRemove }: { file: File; alt: string; onRemove: () => void }) {
  const image = file.type.startsWith('image/');
  const [url, setUrl] = useState<string | null>(null);
  const [broken, setBroken] = useState(false);
  useEffect(() => {
    if (!image) return;
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    setBroken(false);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file, image]);
  const Icon = image ? IconPhoto : IconFileText;
  return (
    <Paper withBorder radius="md" p="xs">
      <Group gap="sm" wrap="nowrap" align="center">
        {url && !broken ? (
          <Image
            src={url}
            alt={alt}
            w={96}
            h={96}
            fit="contain"
            radius="sm"
            onError={() => setBroken(true)}
          />
        ) : (
          // A PDF, or a HEIC most browsers cannot preview: the name is enough.
          <Icon size={40} aria-hidden />
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

/**
 * One file, chosen or dropped, checked by type and size before it is sent (the server checks the
 * bytes again); when several are dropped only the first is kept. Removable with 'Borrar'.
 */
export function FileDropzone({ file, onChange, accept, maxSize, texts, disabled, error }: FileDropzoneProps) {
  const reject = (rejections: FileRejection[]) => {
    // Several files at once: react-dropzone refuses them all; keep the first one if it is acceptable.
    const first = rejections[0]?.file;
    const onlyTooMany = rejections.every((r) => r.errors.every((e) => e.code === 'too-many-files'));
    if (first && onlyTooMany && acceptable(first, accept, maxSize)) {
      onChange(first);
      return;
    }
    notify.error(texts.refusedTitle, rejectedAsTooLarge(rejections) ? texts.sizeError : texts.typeError);
  };

  const zone = file ? (
    <Preview file={file} alt={texts.previewAlt} onRemove={() => onChange(null)} />
  ) : (
    <Dropzone
      onDrop={(files) => onChange(files[0] ?? null)}
      onReject={reject}
      accept={Object.fromEntries(Object.entries(accept).map(([type, exts]) => [type, [...exts]]))}
      maxFiles={1}
      multiple={false}
      maxSize={maxSize}
      disabled={disabled}
      radius="md"
      inputProps={{ 'aria-label': texts.label }}
    >
      <Group justify="center" gap="md" mih={96} style={{ pointerEvents: 'none' }} wrap="nowrap">
        <DropzoneIcons />
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {texts.prompt}
          </Text>
          <Text size="xs" c="dimmed">
            {texts.hint}
          </Text>
        </Stack>
      </Group>
    </Dropzone>
  );
  if (!error) return zone;
  return (
    <Stack gap={4}>
      {zone}
      <Text size="sm" c="red" role="alert">
        {error}
      </Text>
    </Stack>
  );
}
