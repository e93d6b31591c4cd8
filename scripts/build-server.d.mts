/** Bundles the server when a source is newer than apps/server/dist/server.mjs; the bundle's path. */
export function buildServer(): Promise<string>;
