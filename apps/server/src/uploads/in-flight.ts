import type { FastifyReply, FastifyRequest } from 'fastify';
import { refuse } from '../http/refusals.ts';
import type { ImageReencoder } from './images.ts';

/**
 * Uploads in flight (docs/reliability.md "Uploads"): each upload request holds up to 10 MB in memory
 * while its body arrives and while its image is re-encoded, so how many are open at once is bounded,
 * per client (a signed-in user; on the public side an address) and for the whole process. The count
 * lives in the process on purpose: it bounds this process's memory, which is what it protects. A
 * request beyond a bound is answered at once, before its body is read: 429 (this client) or 503 (the
 * server), problem+json with Retry-After. The slot is given back when the reply ends or the client
 * goes away.
 */

/** UPLOADS_IN_FLIGHT (this process) and UPLOADS_IN_FLIGHT_PER_CLIENT (one user or public address). */
export interface UploadLimits {
  inFlight: number;
  inFlightPerClient: number;
}

/** Seconds a refused client is told to wait: a 10 MB upload on a phone's connection takes a few. */
export const UPLOAD_RETRY_AFTER_SECONDS = 5;

export type SlotRefusal = 'client' | 'server';

export class UploadSlots {
  #total = 0;
  readonly #byClient = new Map<string, number>();

  constructor(readonly limits: UploadLimits) {}

  /** A slot for `client`, or which bound refused it. `release` may be called more than once. */
  acquire(client: string): { ok: true; release: () => void } | { ok: false; refusal: SlotRefusal } {
    const mine = this.#byClient.get(client) ?? 0;
    if (mine >= this.limits.inFlightPerClient) return { ok: false, refusal: 'client' };
    if (this.#total >= this.limits.inFlight) return { ok: false, refusal: 'server' };
    this.#total += 1;
    this.#byClient.set(client, mine + 1);
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        this.#total -= 1;
        const left = (this.#byClient.get(client) ?? 1) - 1;
        if (left > 0) this.#byClient.set(client, left);
        else this.#byClient.delete(client);
      },
    };
  }

  get inFlight(): number {
    return this.#total;
  }
}

/** What buildApp decorates the app with (`app.uploads`). */
export interface Uploads {
  slots: UploadSlots;
  images: ImageReencoder;
}

/**
 * The upload routes' onRequest hook (registered on the route, so it runs after the session check):
 * takes a slot for the signed-in user, or for the address on the public side.
 */
export async function takeUploadSlot(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const user = (request as { user?: { id: string } | null }).user;
  const client = user ? `user:${user.id}` : `address:${request.ip}`;
  const slot = request.server.uploads.slots.acquire(client);
  if (!slot.ok) {
    reply.header('retry-after', String(UPLOAD_RETRY_AFTER_SECONDS));
    throw refuse(slot.refusal === 'client' ? 'upload.busy_client' : 'upload.busy_server');
  }
  // 'close' comes when the reply has been sent and when the client went away first.
  reply.raw.once('close', slot.release);
}
