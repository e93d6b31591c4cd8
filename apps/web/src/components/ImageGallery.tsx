import 'photoswipe/style.css';
import type { PhotoSwipeOptions } from 'photoswipe';
import { type MouseEvent, type ReactNode, useCallback, useRef, useState } from 'react';
import { Gallery, Item } from 'react-photoswipe-gallery';

/**
 * The full-screen image viewer (PhotoSwipe) every screen opens images in: payment proofs, customer
 * documents. docs/product.md §9: the gallery waits up to 5 s for an image before opening; double-tap zoom
 * animates in 333 ms.
 */
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

/** One gallery: the images of the GalleryItems inside it are its slides, in their order. */
export function ImageGallery({ children }: { children: ReactNode }) {
  return (
    <Gallery
      options={GALLERY_OPTIONS}
      onBeforeOpen={(pswp) => pswp.addFilter('itemData', (data) => withNaturalSize(data))}
    >
      {children}
    </Gallery>
  );
}

export interface GalleryItemControls<E extends HTMLElement> {
  /** The element holding the thumbnail <img> (the slide's size and zoom animation come from it). */
  ref: (element: E | null) => void;
  /** Opens the gallery at this image once its thumbnail has loaded (or after GALLERY_WAIT_MS). */
  open: (event: MouseEvent) => void;
  /** True while waiting for the image before opening. */
  opening: boolean;
}

type ItemControls<E extends HTMLElement> = (controls: GalleryItemControls<E>) => ReactNode;

/** Hooks cannot run in Item's render function: this component holds the thumbnail's element and state. */
function ItemBody<E extends HTMLElement>({
  itemRef,
  itemOpen,
  children,
}: {
  itemRef: (node: E | null) => void;
  itemOpen: (event: MouseEvent) => void;
  children: ItemControls<E>;
}) {
  const [opening, setOpening] = useState(false);
  const element = useRef<E | null>(null);
  const ref = useCallback(
    (node: E | null) => {
      element.current = node;
      itemRef(node);
    },
    [itemRef],
  );
  const open = (event: MouseEvent) => {
    event.preventDefault();
    setOpening(true);
    void waitForImage(element.current?.querySelector('img') ?? null).then(() => {
      setOpening(false);
      itemOpen(event);
    });
  };
  return <>{children({ ref, open, opening })}</>;
}

/** One slide of the surrounding ImageGallery; `children` renders its thumbnail and any control that opens it. */
export function GalleryItem<E extends HTMLElement>({
  uri,
  alt,
  children,
}: {
  uri: string;
  alt: string;
  children: ItemControls<E>;
}) {
  return (
    <Item<E> original={uri} thumbnail={uri} alt={alt}>
      {({ ref, open }) => (
        <ItemBody<E> itemRef={ref} itemOpen={open}>
          {children}
        </ItemBody>
      )}
    </Item>
  );
}
