import { notifications } from '@mantine/notifications';
import { isApiError, isUnauthorized } from './api.ts';

/** docs/product.md §9: toasts close after 3000 ms; API error toasts stay until closed. */
export const TOAST_AUTO_CLOSE = 3000;

/** Every toast's close button gets an accessible name (axe: button-name). */
const closeButtonProps = { 'aria-label': 'Cerrar' };

const FALLBACK_DETAIL = 'Ocurrió un error inesperado. Intente de nuevo.';

export const notify = {
  success(message: string, title?: string) {
    notifications.show({ color: 'teal', title, message, autoClose: TOAST_AUTO_CLOSE, closeButtonProps });
  },
  info(message: string, title?: string) {
    notifications.show({ color: 'blue', title, message, autoClose: TOAST_AUTO_CLOSE, closeButtonProps });
  },
  /** An error the user must acknowledge. */
  error(title: string, message: string) {
    notifications.show({ color: 'red', title, message, autoClose: false, closeButtonProps });
  },
  /**
   * A failed API call: titled `title` (default 'Error') with the server's `detail` as message.
   * A 401 is silent: the API client already ended the session (docs/product.md §8).
   */
  /** Dismisses every toast (e.g. when the session ends). */
  clear() {
    notifications.clean();
  },
  apiError(error: unknown, title = 'Error') {
    if (isUnauthorized(error)) return;
    const message = isApiError(error) ? error.detail : FALLBACK_DETAIL;
    notify.error(title, message);
  },
};

/**
 * A mutation's callbacks that say how it went in a toast: `success` (or what the result makes of it),
 * else the server's detail titled `failure`; `then` runs after either toast (e.g. closes the dialog).
 */
export function toastOutcome<R = unknown>(
  success: string | ((result: R) => string),
  failure: string,
  then: { onSuccess?: () => void; onError?: () => void } = {},
) {
  return {
    onSuccess: (result: R) => {
      notify.success(typeof success === 'function' ? success(result) : success);
      then.onSuccess?.();
    },
    onError: (error: unknown) => {
      notify.apiError(error, failure);
      then.onError?.();
    },
  };
}
