import 'photoswipe/style.css';
import { Box, Group, Loader, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import type { PaymentDetails } from '@prestaya/contracts';
import { IconPhotoOff, IconZoomIn } from '@tabler/icons-react';
import type { PhotoSwipeOptions } from 'photoswipe';
import { type MouseEvent, useState } from 'react';
import { Gallery, Item } from 'react-photoswipe-gallery';
import { EmptyState } from '../../../components/QueryState.tsx';
import { NO_PROOFS_TEXT } from '../labels.ts';

type Attachment = PaymentDetails['attachments'][number];

/** Spec 2 "PaymentDetails": thumbnails are 800×700 at most (the whole image, scaled down). */
export const THUMB_MAX_WIDTH = 800;
export const THUMB_MAX_HEIGHT = 700;
/** Spec 9: the gallery waits up to 5 s for an image before opening; double-tap zoom animates in 333 ms. */
export const GALLERY_WAIT_MS = 5000;
export const ZOOM_ANIMATION_MS = 333;
/** Used when the image's real size is still unknown after the wait (PhotoSwipe needs one). */
const FALLBACK_SIZE = { width: 1600, height: 1200 };

export const GALLERY_OPTIONS: PhotoSwipeOptions = {
  doubleTapAction: 'zoom',
  zoomAnimationDuration: ZOOM_ANIMATION_MS,
  showHideAnimationType: 'fade',
  bgOpacity: 0.9,
  wheelToZoom: true,
  closeTitle: 'Cerrar',
  zoomTitle: 'Acercar o alejar',
  arrowPrevTitle: 'Anterior',
  arrowNextTitle: 'Siguiente',
  errorMsg: 'No se pudo cargar la imagen',
  indexIndicatorSep: ' de ',
};

/** Resolves once the image has its natural size, or after `ms` (a slow or broken link). */
export function waitForImage(img: HTMLImageElement | null, ms = GALLERY_WAIT_MS): Promise<void> {
  if (!img || (img.complete && img.naturalWidth > 0)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      img.removeEventListener('load', done);
      img.removeEventListener('error', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    img.addEventListener('load', done);
    img.addEventListener('error', done);
  });
}

/** PhotoSwipe needs each slide's size: read it from the loaded thumbnail (same file). */
function withNaturalSize<T extends { element?: HTMLElement; width?: number; height?: number }>(data: T): T {
  const img = data.element?.querySelector('img');
  if (img && img.naturalWidth > 0) return { ...data, width: img.naturalWidth, height: img.naturalHeight };
  return data.width && data.height ? data : { ...data, ...FALLBACK_SIZE };
}

function Thumbnail({ attachment, index, total }: { attachment: Attachment; index: number; total: number }) {
  const [state, setState] = useState<'loading' | 'loaded' | 'error'>('loading');
  const [opening, setOpening] = useState(false);
  const alt = total > 1 ? `Comprobante ${index + 1} de ${total}` : 'Comprobante de pago';
  return (
    <Item<HTMLButtonElement> original={attachment.uri} thumbnail={attachment.uri} alt={alt}>
      {({ ref, open }) => {
        const openWhenReady = async (event: MouseEvent) => {
          event.preventDefault();
          const img = event.currentTarget.querySelector('img');
          setOpening(true);
          await waitForImage(img);
          setOpening(false);
          open(event);
        };
        return (
          <UnstyledButton
            ref={ref}
            onClick={(event) => void openWhenReady(event)}
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
        );
      }}
    </Item>
  );
}

/** The payment's proof images: thumbnails that open PhotoSwipe with zoom; 'Sin comprobantes' when none. */
export function ProofGallery({ attachments }: { attachments: Attachment[] }) {
  if (attachments.length === 0) {
    return <EmptyState icon={<IconPhotoOff size={24} />}>{NO_PROOFS_TEXT}</EmptyState>;
  }
  return (
    <Gallery
      options={GALLERY_OPTIONS}
      onBeforeOpen={(pswp) => pswp.addFilter('itemData', (data) => withNaturalSize(data))}
    >
      <Group gap="md" align="flex-start" role="list" aria-label="Comprobantes">
        {attachments.map((attachment, index) => (
          <Box key={attachment.id} role="listitem" maw="100%">
            <Thumbnail attachment={attachment} index={index} total={attachments.length} />
          </Box>
        ))}
      </Group>
    </Gallery>
  );
}
