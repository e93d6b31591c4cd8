import { Anchor, Box, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconExternalLink } from '@tabler/icons-react';
import { EntityDialog } from './EntityDialog.tsx';

export const OPEN_IN_NEW_TAB = 'Abrir en otra pestaña';

export interface PdfViewerProps {
  /** The PDF's (signed) link; null closes the viewer. */
  pdf: { uri: string; title: string } | null;
  onClose: () => void;
}

/**
 * A PDF in a dialog: the browser's own viewer in an <iframe> on the file's link, and 'Abrir en otra
 * pestaña' for a phone, whose browser may not show a PDF inside a page. Full screen on a phone.
 */
export function PdfViewer({ pdf, onClose }: PdfViewerProps) {
  const phone = useMediaQuery('(max-width: 36em)', false);
  return (
    <EntityDialog
      opened={pdf !== null}
      onClose={onClose}
      title={pdf?.title ?? ''}
      size="xl"
      fullScreen={phone}
    >
      {pdf && (
        <Stack gap="sm">
          <Box
            component="iframe"
            src={pdf.uri}
            title={pdf.title}
            w="100%"
            h={phone ? 'calc(100dvh - 150px)' : '70vh'}
            style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}
          />
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed">
              ¿No se ve el documento? Ábralo en otra pestaña.
            </Text>
            <Anchor href={pdf.uri} target="_blank" rel="noopener noreferrer" size="sm">
              <Group gap={4} wrap="nowrap" component="span">
                <IconExternalLink size={16} aria-hidden />
                {OPEN_IN_NEW_TAB}
              </Group>
            </Anchor>
          </Group>
        </Stack>
      )}
    </EntityDialog>
  );
}
