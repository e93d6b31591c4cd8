/**
 * PLD screening in the generated history: one blocked-persons list imported 20 days ago, naming 0.1 %
 * of the customers (half by CURP under another name, half by name only, written as lists write them:
 * 'LAST LAST, NAME'; a name two or fewer customers share, else by CURP: the weighted names make the
 * common ones shared by dozens at 1,000,000, which would stop a share of the customers growing with
 * the count) among four times as many persons who match nobody. Its persons are made as
 * modules/aml/import-list.ts makes them (folded_name = domain foldName(name)); the matches are what
 * modules/aml/screening.ts finds, the same join, with ids and dates of their own so that the same
 * customers give the same rows: found when the list came in, or when a customer registered later was
 * screened. A quarter of the matches found more than two days ago were resolved (homonyms), and half
 * the customers still stopped by a match have an 'Operación inusual' case open. Run after the
 * indexes are rebuilt: a few hundred rows, found through the customers' CURP and folded-name indexes.
 */
import { foldName } from '@prestaya/domain';
import { streamFor } from '@prestaya/server/bench';
import { addDaysFast as addDays, iso } from '../lib/business-time.ts';
import type { Target } from '../lib/target.ts';
import { UNIT_OF as U, UUID_V7_FROM } from './ledger.ts';
import type { WorldSettings } from './settings.ts';

/** Share of the customers the list names. */
export const AML_LISTED_SHARE = 0.001;
const DECOYS_PER_MATCH = 4;
const BATCH = 2_000;

type Settings = Pick<WorldSettings, 'seed' | 'today' | 'nowMs' | 'clock' | 'adminId'>;

interface Listed {
  id: string;
  name: string;
  last_name: string;
  second_last_name: string | null;
  curp: string;
  by_curp: boolean;
}

export async function writeAml(target: Target, s: Settings): Promise<void> {
  const rng = streamFor(s.seed, -2, 1);
  const importedMs = s.clock.at(addDays(s.today, -20), 10 * 60);
  const listed = await target.query<Listed>(
    `select c.id, c.name, c.last_name, c.second_last_name, c.curp,
            ${U("'by curp' || c.id")} < 0.5
              or (select count(*) from customers o where o.aml_folded_name = c.aml_folded_name) > 2 as by_curp
       from customers c where ${U("'listed' || c.id")} < ${AML_LISTED_SHARE} order by c.id`,
  );
  const persons = listed.map((c, i) => {
    const name = c.by_curp
      ? `Persona Listada ${i + 1}`
      : `${c.last_name} ${c.second_last_name ?? ''}, ${c.name}`.replace(' ,', ',').toUpperCase();
    return { name, curp: c.by_curp ? c.curp : null, list: c.by_curp ? 'OFAC' : 'UIF' };
  });
  const decoys = Math.max(50, DECOYS_PER_MATCH * listed.length);
  for (let i = 0; i < decoys; i++) {
    persons.push({
      name: `Nombre Ficticio ${i + 1} Sin Cliente`,
      curp: `ZZZZ${String(i + 1).padStart(14, '0')}`,
      list: i % 2 === 0 ? 'OFAC' : 'UIF',
    });
  }
  // The persons in a stable order whatever the customers' ids: listed first, then the decoys.
  const listId = rng.uuid7(importedMs);
  await target.query(
    `insert into aml_lists (id, name, file_name, rows, matches_found, imported_by, imported_on)
     values ($1, 'Lista de Personas Bloqueadas', 'personas-bloqueadas.csv', $2, 0, $3, $4)`,
    [listId, persons.length, s.adminId, iso(importedMs)],
  );
  for (let from = 0; from < persons.length; from += BATCH) {
    const rows = persons.slice(from, from + BATCH).map((p) => ({
      id: rng.uuid7(importedMs),
      name: p.name,
      folded_name: foldName(p.name),
      curp: p.curp,
      list: p.list,
    }));
    await target.query(
      `insert into aml_blocked_persons (id, list_id, name, folded_name, curp, rfc, list, listed_on)
       select r.id, $2, r.name, r.folded_name, r.curp, null, r.list, $3::date
         from jsonb_to_recordset($1::jsonb) as r(id uuid, name text, folded_name text, curp text, list text)`,
      [JSON.stringify(rows), listId, addDays(s.today, -45)],
    );
  }
  const imported = `'${iso(importedMs)}'::timestamptz`;
  const now = `'${iso(s.nowMs)}'::timestamptz`;
  await target.exec(`
    insert into aml_matches (id, customer_id, blocked_person_id, kind, matched_value, status, found_on,
                             resolution, resolved_by, resolved_on)
    select ${UUID_V7_FROM('m.found_on', "'match' || m.customer_id || m.kind || m.matched_value")},
           m.customer_id, m.blocked_person_id, m.kind, m.matched_value,
           case when m.resolved then 'RESOLVED' else 'OPEN' end, m.found_on,
           case when m.resolved then 'Homónimo: se revisó su identificación y no es la persona listada' end,
           case when m.resolved then '${s.adminId}'::uuid end,
           case when m.resolved then m.found_on + interval '1 day' end
      from (select p.*, greatest(${imported}, p.created_on) as found_on,
                   greatest(${imported}, p.created_on) < ${now} - interval '2 days'
                     and ${U("'resolved' || p.customer_id || p.kind")} < 0.25 as resolved
              from (select distinct on (x.customer_id, x.kind, x.matched_value) x.*
                      from (select c.id as customer_id, c.created_on, b.id as blocked_person_id,
                                   'CURP'::text as kind, b.curp as matched_value
                              from aml_blocked_persons b join customers c on c.curp = b.curp
                            union all
                            select c.id, c.created_on, b.id, 'NAME', b.folded_name
                              from aml_blocked_persons b
                              join customers c on c.aml_folded_name = b.folded_name and b.folded_name <> '') x
                     order by x.customer_id, x.kind, x.matched_value, x.blocked_person_id) p) m;
    update aml_lists l set matches_found = (
      select count(*) from aml_matches m join aml_blocked_persons b on b.id = m.blocked_person_id
       where b.list_id = l.id and m.found_on = l.imported_on)
     where l.id = '${listId}';
    insert into aml_cases (id, customer_id, status, description, opened_by, opened_on)
    select ${UUID_V7_FROM("m.found_on + interval '2 hours'", "'case' || m.customer_id")}, m.customer_id, 'OPEN',
           'Coincidencia con la lista de personas bloqueadas: se pidió al cliente su identificación',
           '${s.adminId}', m.found_on + interval '2 hours'
      from (select distinct on (customer_id) customer_id, found_on from aml_matches
             where status = 'OPEN' order by customer_id, found_on) m
     where m.found_on < ${now} - interval '1 day' and ${U("'case' || m.customer_id")} < 0.5;`);
}
