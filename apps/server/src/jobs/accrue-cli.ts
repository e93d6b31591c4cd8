import { runAccrueCommand } from './accrue-command.ts';

/** Bin of `npm run accrue`; the command itself is accrue-command.ts. */
runAccrueCommand(process.argv.slice(2), process.env).then((code) => process.exit(code));
