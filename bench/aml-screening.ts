/**
 * Blocked-persons screening benchmark ('PLD'): a list of 5,000 names imported over 100,000 customers
 * on PostgreSQL, through the app's own import (modules/aml/import-list.ts: CSV read and checked, the
 * persons inserted, every customer screened by CURP, RFC and folded name in one set-based statement).
 *
 *   npm run bench:aml -- [--customers 100000] [--names 5000] [--keep]
 *   (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/prestaya_bench_aml)
 *
 * The customers are written by one INSERT … SELECT generate_series (Spanish names from fixed lists,
 * so many share words; the trigger folds each name as the app would). The list holds 2 % of names
 * that match a customer: half by CURP, half by name (upper case, accents and 'last names, name'
 * order, as lists write them). Prints the import's seconds (target ≤ 30 s), the screening alone run
 * again over every list, the matches found and the load average. The database is dropped at the end
 * unless --keep.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createUser, importAmlList, screenCustomers } from '@prestaya/server/bench';
import { dropPostgresDatabase, openTarget } from './lib/target.ts';

const { values } = parseArgs({
  options: {
    customers: { type: 'string', default: '100000' },
    names: { type: 'string', default: '5000' },
    keep: { type: 'boolean', default: false },
  },
});
const CUSTOMERS = Number(values.customers);
const NAMES = Number(values.names);
const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/prestaya_bench_aml';

const FIRST = ['María', 'José', 'Juan', 'Lucía', 'Ángel', 'Sofía', 'Luis', 'Ana', 'Jesús', 'Andrés'];
const LAST = [
  'Hernández',
  'García',
  'Martínez',
  'López',
  'González',
  'Pérez',
  'Rodríguez',
  'Sánchez',
  'Ramírez',
  'Núñez',
  'Flores',
  'Gómez',
  'Díaz',
  'Cruz',
  'Morales',
  'Ortiz',
  'Jiménez',
  'Ruiz',
  'Vázquez',
  'Castillo',
];
const sqlArray = (words: string[]) => `array[${words.map((w) => `'${w}'`).join(', ')}]`;
const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;

const target = await openTarget({ databaseUrl: url, create: true, reset: true });
try {
  const db = target.database.db;
  let start = process.hrtime.bigint();
  // A second given name from the customer number makes most full names unique, as people's are.
  await target.exec(`
    insert into customers (id, name, last_name, second_last_name, phone, curp, search_text)
    select gen_random_uuid(), g.name, g.last_name, g.second_last_name, g.phone, g.curp,
           lower(unaccent(g.name || ' ' || g.last_name || ' ' || g.second_last_name || ' ' || g.phone))
      from (select (${sqlArray(FIRST)})[1 + i % ${FIRST.length}] || ' ' || (${sqlArray(FIRST)})[1 + (i / 7) % ${FIRST.length}] || ' ' || i as name,
                   (${sqlArray(LAST)})[1 + (i / 3) % ${LAST.length}] as last_name,
                   (${sqlArray(LAST)})[1 + (i / 11) % ${LAST.length}] as second_last_name,
                   (5500000000 + i)::text as phone,
                   'BNCH' || lpad(i::text, 14, '0') as curp
              from generate_series(1, ${CUSTOMERS}) as i) g`);
  await target.exec('analyze customers');
  console.log(`${CUSTOMERS.toLocaleString('en-US')} customers written in ${seconds(start).toFixed(1)} s`);

  const admin = await createUser(db, null, {
    name: 'Admin',
    lastName: 'Bench',
    username: 'admin@bench.mx',
    password: 'Bench2026!',
    pin: '4826',
    status: 'A',
    roles: ['ROLE_ADMIN'],
  });

  const matching = Math.round(NAMES * 0.02);
  const byCurp = Math.floor(matching / 2);
  const picked = await target.query<{
    name: string;
    last_name: string;
    second_last_name: string;
    curp: string;
  }>(`select name, last_name, second_last_name, curp from customers order by num limit ${matching}`);
  const lines = ['nombre,curp,rfc,lista,fecha'];
  picked.forEach((c, i) => {
    lines.push(
      i < byCurp
        ? `Persona Listada ${i},${c.curp},,OFAC,2026-01-15`
        : `"${`${c.last_name} ${c.second_last_name}, ${c.name}`.toUpperCase()}",,,UIF,15/01/2026`,
    );
  });
  for (let i = lines.length - 1; i < NAMES; i++) {
    lines.push(`Nombre Ficticio ${i} Sin Cliente,ZZZZ${String(i).padStart(14, '0')},,OFAC,`);
  }
  const bytes = Buffer.from(lines.join('\r\n'), 'utf8');

  const load = loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  start = process.hrtime.bigint();
  const list = await importAmlList(db, admin.id, { name: 'Lista bench', fileName: 'bench.csv', bytes });
  const importSeconds = seconds(start);
  console.log(
    `import of ${list.rows.toLocaleString('en-US')} names (${(bytes.length / 1024).toFixed(0)} KiB): ` +
      `${importSeconds.toFixed(2)} s, ${list.matchesFound} matches (expected ${matching}); target ≤ 30 s`,
  );

  // The screening alone, every customer against every list, from no matches.
  await target.exec('delete from aml_matches');
  start = process.hrtime.bigint();
  const again = await screenCustomers(db, admin.id, {});
  console.log(
    `screening alone (all customers × all lists): ${seconds(start).toFixed(2)} s, ${again} matches`,
  );
  console.log(
    `load average before the import: ${load}; after: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  if (list.matchesFound !== matching || again !== matching) process.exitCode = 1;
} finally {
  await target.close();
  if (!values.keep) await dropPostgresDatabase(url);
}
