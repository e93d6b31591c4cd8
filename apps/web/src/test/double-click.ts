import { act, waitFor } from '@testing-library/react';
import { expect, type Mock } from 'vitest';
import type { SeenRequest } from './utils.tsx';

/** A server reply the test lets go of when it wants: the request stays in flight until `release()`. */
export function heldReply(reply: () => Response) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { reply: () => held.then(reply), release: () => release() };
}

/**
 * Clicks `button` twice in one task, before React re-renders it as loading (a quick double click on a
 * busy device), and expects: the button disabled while the reply is awaited, `done` called once, and
 * one POST carrying an Idempotency-Key.
 */
export async function expectOneSendPerDoubleClick(
  button: HTMLElement,
  { release, requests, done }: { release: () => void; requests: SeenRequest[]; done: Mock },
) {
  act(() => {
    button.click();
    button.click();
  });
  await waitFor(() => expect(button).toBeDisabled());
  release();
  await waitFor(() => expect(done).toHaveBeenCalledTimes(1));
  const posts = requests.filter((r) => r.method === 'POST');
  expect(posts).toHaveLength(1);
  expect(posts[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
}
