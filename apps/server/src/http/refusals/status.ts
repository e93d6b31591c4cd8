/** One row of the refusals table (http/refusals.ts): its HTTP status, its Spanish message, its field. */
export interface RefusalEntry {
  status: number;
  message: string;
  field?: string;
}

/**
 * The entries of one status, e.g. `conflict(message)`. The message keeps its literal type: its `{name}`s
 * type the values `refuse` asks for.
 */
export const withStatus =
  (status: number) =>
  <const M extends string>(message: M, field?: string): RefusalEntry & { message: M } =>
    field ? { status, message, field } : { status, message };
export const badRequest = withStatus(400);
export const unauthorized = withStatus(401);
export const forbidden = withStatus(403);
export const notFound = withStatus(404);
export const conflict = withStatus(409);
export const tooLarge = withStatus(413);
export const unprocessable = withStatus(422);
export const unsupportedMedia = withStatus(415);
export const locked = withStatus(423);
export const tooManyRequests = withStatus(429);
export const unavailable = withStatus(503);
