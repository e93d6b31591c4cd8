import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconPhoto, IconUpload, IconX } from '@tabler/icons-react';

/** What a dropzone shows while a file is dragged over it: accepted, refused, or nothing yet. */
export function DropzoneIcons() {
  return (
    <>
      <Dropzone.Accept>
        <IconUpload size={36} aria-hidden />
      </Dropzone.Accept>
      <Dropzone.Reject>
        <IconX size={36} aria-hidden />
      </Dropzone.Reject>
      <Dropzone.Idle>
        <IconPhoto size={36} aria-hidden />
      </Dropzone.Idle>
    </>
  );
}

/** A refusal because of the size says so; any other reason is the file's type. */
export const rejectedAsTooLarge = (rejections: FileRejection[]) =>
  rejections.some((r) => r.errors.some((e) => e.code === 'file-too-large'));

/**
 * The server refused the attached image itself (too large, not an image): the rest of the form is
 * still valid, so only the file has to go.
 */
export const isFileRefusalStatus = (status: number) => status === 413 || status === 415;
