import { runSeedDemoCommand } from './command.ts';

/** Bin of `npm run seed:demo`; the command itself is command.ts. */
runSeedDemoCommand(process.argv.slice(2), process.env).then((code) => process.exit(code));
