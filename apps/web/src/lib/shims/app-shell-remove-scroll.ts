import { fullWidthClassName, zeroRightClassName } from 'react-remove-scroll-bar/constants';

/**
 * What Mantine's AppShell header, footer and aside take from `react-remove-scroll` (vite.config.ts
 * points those imports here): the class names a modal's scroll lock uses to keep fixed bars in place.
 * The scroll lock itself (~4 KiB gzip) then loads with the first modal, not with every page.
 */
export const RemoveScroll = { classNames: { zeroRight: zeroRightClassName, fullWidth: fullWidthClassName } };
