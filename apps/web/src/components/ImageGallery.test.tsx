import { afterEach, describe, expect, it, vi } from 'vitest';
import { GALLERY_OPTIONS, GALLERY_WAIT_MS, waitForImage } from './ImageGallery.tsx';

describe('image gallery', () => {
  afterEach(() => vi.useRealTimers());

  it('zooms on double tap in 333 ms', () => {
    expect(GALLERY_OPTIONS).toMatchObject({ doubleTapAction: 'zoom', zoomAnimationDuration: 333 });
  });

  it('opens once the image has loaded, or after waiting 5 s for it', async () => {
    vi.useFakeTimers();
    const loading = document.createElement('img');
    let opened = false;
    void waitForImage(loading).then(() => {
      opened = true;
    });
    await vi.advanceTimersByTimeAsync(GALLERY_WAIT_MS - 1);
    expect(opened).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(opened).toBe(true);

    const slow = document.createElement('img');
    let loaded = false;
    void waitForImage(slow).then(() => {
      loaded = true;
    });
    await vi.advanceTimersByTimeAsync(1000);
    slow.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(0);
    expect(loaded).toBe(true);
  });
});
