import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Replies of 1 KiB or more are compressed when the client accepts it (brotli at the plugin's fast
 * default quality, else gzip): JSON shrinks about eight times, and an agent's phone on a weak signal
 * downloads a Cobranza page of 20 cards as ~23 KiB instead of ~180 (docs/performance.md). Smaller
 * replies cost more to compress than they save. Files the build already compressed (.br, .gz beside
 * each asset) go out as they are: the plugin leaves a reply that has a Content-Encoding alone.
 *
 * Request bodies are not decompressed: a compressed body is refused (400), so a few bytes sent
 * can never become megabytes read. No reply that carries a secret mixes it with text an attacker
 * chose and could make a victim's browser send with credentials (staff sessions are bearer tokens, not
 * cookies), so compression opens no BREACH-style guessing.
 */
async function compression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    globalDecompression: false,
  });
}

export const compressionPlugin = fp(compression, { name: 'prestaya-compression' });
