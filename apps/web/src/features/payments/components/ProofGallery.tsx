import { Box, Group, Loader, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import type { PaymentDetails } from '@prestaya/contracts';
import { IconPhotoOff, IconZoomIn } from '@tabler/icons-react';
import { useState } from 'react';
import { GalleryItem, ImageGallery } from '../../../components/ImageGallery.tsx';
import { EmptyState } from '../../../components/QueryState.tsx';
import { NO_PROOFS_TEXT } from '../labels.ts';

type Attachment = PaymentDetails['attachments'][number];

/** docs/product.md §2 "PaymentDetails": thumbnails are 800×700 at most (the whole image, scaled down). */
export const THUMB_MAX_WIDTH = 800;
export const THUMB_MAX_HEIGHT = 700;

function Thumbnail({ attachment, index, total }: { attachment: Attachment; index: number; total: number }) {
  const [state, setState] = useState<'loading' | 'loaded' | 'error'>('loading');
  const alt = total > 1 ? `Comprobante ${index + 1} de ${total}` : 'Comprobante de pago';
  return (
    <GalleryItem<HTMLButtonElement> uri={attachment.uri} alt={alt}>
      {({ ref, open, opening }) => (
        <UnstyledButton
          ref={ref}
          onClick={open}
          aria-label={`${alt}: ampliar`}
          title="Click para ampliar"
          pos="relative"
          style={{
            display: 'block',
            lineHeight: 0,
            borderRadius: 'var(--mantine-radius-md)',
            border: '1px solid var(--mantine-color-default-border)',
            overflow: 'hidden',
            maxWidth: `min(100%, ${THUMB_MAX_WIDTH}px)`,
            background: 'var(--mantine-color-gray-light)',
            cursor: 'zoom-in',
          }}
        >
          <img
            src={attachment.uri}
            alt={alt}
            onLoad={() => setState('loaded')}
            onError={() => setState('error')}
            style={{
              display: 'block',
              maxWidth: '100%',
              width: 'auto',
              height: 'auto',
              maxHeight: THUMB_MAX_HEIGHT,
              minWidth: state === 'loaded' ? undefined : 160,
              minHeight: state === 'loaded' ? undefined : 120,
              objectFit: 'contain',
            }}
          />
          {(state === 'loading' || opening) && (
            <Box pos="absolute" top={8} right={8} aria-hidden>
              <Loader size="sm" />
            </Box>
          )}
          {state === 'loaded' && (
            <ThemeIcon pos="absolute" bottom={8} right={8} variant="white" radius="xl" aria-hidden>
              <IconZoomIn size={16} />
            </ThemeIcon>
          )}
          {state === 'error' && (
            <Text size="xs" c="red" pos="absolute" bottom={8} left={8} lh={1.2}>
              No se pudo cargar la imagen
            </Text>
          )}
        </UnstyledButton>
      )}
    </GalleryItem>
  );
}

/** The payment's proof images: thumbnails that open PhotoSwipe with zoom; 'Sin comprobantes' when none. */
export function ProofGallery({ attachments }: { attachments: Attachment[] }) {
  if (attachments.length === 0) {
    return <EmptyState icon={<IconPhotoOff size={24} />}>{NO_PROOFS_TEXT}</EmptyState>;
  }
  return (
    <ImageGallery>
      <Group gap="md" align="flex-start" role="list" aria-label="Comprobantes">
        {attachments.map((attachment, index) => (
          <Box key={attachment.id} role="listitem" maw="100%">
            <Thumbnail attachment={attachment} index={index} total={attachments.length} />
          </Box>
        ))}
      </Group>
    </ImageGallery>
  );
}
