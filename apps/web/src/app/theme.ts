import { type CSSVariablesResolver, createTheme, darken } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'teal',
  // Shade 9 keeps white text on filled controls above WCAG AA contrast (4.5:1).
  primaryShade: { light: 9, dark: 7 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  components: {
    Notification: { defaultProps: { withBorder: true } },
    // Every select's options, in a dialog too: placed against the screen (fixed), so that for a frame
    // drawn before they are placed they never widen a phone's page, which moved the dialog under the
    // finger and made a tap miss its option.
    Combobox: { defaultProps: { floatingStrategy: 'fixed' } },
    // The eye button is a toggle (Mantine sets aria-pressed): one Spanish name, pressed while shown.
    PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Mostrar contraseña' } } },
    // A spinner is named by its aria-label ("Cargando respaldos"), and ARIA allows a name only on an
    // element with a role: a bare span with a label is a serious axe finding while the screen loads.
    Loader: { defaultProps: { role: 'status' } },
    Modal: { styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } } },
  },
});

/**
 * Darker dimmed, error and "light"-variant texts than Mantine's defaults, so that text keeps WCAG AA
 * contrast (4.5:1) on white and on the tinted backgrounds of badges, avatars and active nav links; and
 * a filled control's hover darker than its shade 9, not Mantine's lighter shade 8, so white text keeps
 * that contrast under the pointer too.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    ...Object.fromEntries(
      Object.entries(t.colors).map(([name, shades]) => [
        `--mantine-color-${name}-light-color`,
        darken(shades[9], 0.3),
      ]),
    ),
    ...Object.fromEntries(
      Object.entries(t.colors).map(([name, shades]) => [
        `--mantine-color-${name}-filled-hover`,
        darken(shades[9], 0.15),
      ]),
    ),
    '--mantine-primary-color-filled-hover': darken(t.colors[t.primaryColor]?.[9] ?? '#000', 0.15),
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  },
  dark: {},
});
