import { createReadStream } from 'node:fs';
import {
  backupListQuery,
  backupParams,
  backupSummary,
  envelope,
  isSealedBackupName,
  paged,
} from '@prestaya/contracts';
import type { Database } from '../../db/client.ts';
import { ok, problemResponses, rawBody, taggedRoutes } from '../../http/responses.ts';
import { createManualBackup, findBackup, pageOfBackups } from './service.ts';

/**
 * Backups of the whole database into DATA_DIR/backups (docs/operations.md): ROLE_ADMIN only. They work
 * while the server runs, PGlite included (the dump goes through the server's own connection).
 */
export const backupsRoutes = taggedRoutes<{ database: Database }>('backups', async (app, docs, options) => {
  app.addHook('onRequest', app.requireRole('ROLE_ADMIN'));
  const { dataDir } = app.config;
  const target = { database: options.database, dataDir, passphrase: app.config.backupPassphrase };

  app.get(
    '/',
    docs({
      description: 'Respaldos guardados en el servidor, del más reciente al más antiguo.',
      querystring: backupListQuery,
      response: { 200: paged(backupSummary), ...problemResponses(400, 401, 403) },
    }),
    (request) => pageOfBackups(dataDir, request.query),
  );

  app.post(
    '/',
    docs({
      description:
        'Crea ahora un respaldo de toda la base de datos (SQL comprimido con su manifiesto; cifrado, ' +
        '`.enc`, si el servidor tiene BACKUP_PASSPHRASE). Mientras ' +
        'se hace, las demás solicitudes esperan (un par de segundos en una oficina pequeña).',
      response: { 201: envelope(backupSummary), ...problemResponses(401, 403) },
    }),
    async (_request, reply) => reply.code(201).send(ok(await createManualBackup(target, app.now))),
  );

  app.get(
    '/:name',
    docs({
      description:
        'Descarga un respaldo como archivo adjunto: application/gzip, o application/octet-stream si está ' +
        'cifrado (`.enc`, con BACKUP_PASSPHRASE del servidor; se restaura con `npm run restore`).',
      params: backupParams,
      produces: ['application/gzip', 'application/octet-stream'],
      response: {
        200: rawBody('El archivo de respaldo', 'binary'),
        ...problemResponses(400, 401, 403, 404),
      },
    }),
    async (request, reply) => {
      const file = await findBackup(dataDir, request.params.name);
      return reply
        .header('content-disposition', `attachment; filename="${request.params.name}"`)
        .header('content-length', file.sizeBytes)
        .header('cache-control', 'no-store')
        .type(isSealedBackupName(request.params.name) ? 'application/octet-stream' : 'application/gzip')
        .send(createReadStream(file.path));
    },
  );
});
