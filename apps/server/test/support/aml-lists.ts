import type { TestContext } from './app.ts';
import { request } from './app.ts';
import { multipart } from './builders.ts';

/** POST /aml/lists: a blocked-persons list named `name` from the CSV text `csv`, as a form upload. */
export function importAmlList(context: TestContext, token: string, name: string, csv: string | Buffer) {
  const { payload, headers } = multipart([
    { name: 'name', body: name },
    { name: 'file', body: csv, filename: 'bloqueados.csv', contentType: 'text/csv' },
  ]);
  return request(context.app, { method: 'POST', url: '/api/v1/aml/lists', token, payload, headers });
}
