import { runBackupCommand, runMigrateToPostgresCommand, runRestoreCommand } from './command.ts';

/** Bin of `npm run backup`, `restore` and `migrate-to-postgres`; the commands themselves are command.ts. */
const COMMANDS = {
  backup: runBackupCommand,
  restore: runRestoreCommand,
  'migrate-to-postgres': runMigrateToPostgresCommand,
};
const [name = '', ...args] = process.argv.slice(2);
const run = COMMANDS[name as keyof typeof COMMANDS];
if (!run) {
  console.error(`Comando desconocido "${name}": use ${Object.keys(COMMANDS).join(', ')}`);
  process.exit(1);
}
run(args, process.env).then((code) => process.exit(code));
