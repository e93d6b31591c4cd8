/** The Spanish texts of backup and restore: the API's problem details and the commands' refusals. */
export const BACKUP_MESSAGES = {
  notABackup: 'El archivo no es un respaldo de PrestaYa (falta el manifiesto o no es gzip)',
  unsupportedVersion: (version: unknown) =>
    `El respaldo tiene una versión de formato desconocida (${String(version)}); actualice PrestaYa`,
  sqlChecksum:
    'El respaldo está dañado o fue modificado: la suma SHA-256 del SQL no coincide con la del manifiesto',
  targetNotEmpty:
    'La base de datos de destino no está vacía: un respaldo solo se restaura en una base de datos nueva ' +
    '(un DATA_DIR nuevo o una base de PostgreSQL recién creada)',
  countsDiffer: (problems: string[]) =>
    `El respaldo restaurado no coincide con su manifiesto, no se guardó nada: ${problems.join('; ')}`,
  pgDumpMissing:
    'No se encontró el programa pg_dump: instale el cliente de PostgreSQL (de la misma versión mayor ' +
    'que el servidor o más nueva)',
  pgDumpFailed: (stderr: string) => `pg_dump falló: ${stderr.trim()}`,
  notFound: 'Respaldo no encontrado',
  sameDatabase: 'El origen y el destino son la misma base de datos',
  passphraseRequired:
    'El respaldo está cifrado: indique su frase de paso con --passphrase-file ARCHIVO o con la variable ' +
    'BACKUP_PASSPHRASE',
  passphraseWrong: 'La frase de paso no abre este respaldo: es otra, o el archivo fue modificado',
  passphraseTooShort: (min: number) => `La frase de paso debe tener al menos ${min} caracteres`,
  passphraseFileUnreadable: (file: string) => `No se pudo leer la frase de paso de ${file}`,
  serverRunning: (inUse: string) =>
    `${inUse} Mientras el servidor está en marcha, cree el respaldo desde la pantalla 'Respaldos' ` +
    '(o POST /api/v1/backups como administrador): ese respaldo incluye todo lo que el servidor ya confirmó.',
} as const;

/** A refusal with a message meant for the person: a bad file, a non-empty target. */
export class BackupRefusedError extends Error {
  override name = 'BackupRefusedError';
}
