import { queryText } from './text.ts';
import { z } from './zod.ts';

export const uuid = z.uuid({ error: 'Identificador inválido' });
export const idParams = z.object({ id: uuid });

/** Query of every paged list (spec 7 "Paged search"; domain.md "API shape"). */
export const pagedQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
  query: queryText({ label: 'La búsqueda', feminine: true, max: 100 }),
  q: queryText({ label: 'La búsqueda', feminine: true, max: 50 }),
  orderBy: z.string().max(40).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type PagedQuery = z.infer<typeof pagedQuery>;

export function paged<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    page: z.number().int(),
    size: z.number().int(),
    totalDocuments: z.number().int(),
    totalPages: z.number().int(),
  });
}
export type Paged<T> = { data: T[]; page: number; size: number; totalDocuments: number; totalPages: number };

/** Singleton envelope `{ status: 'OK', data }`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal('OK'), data });
}
export type Envelope<T> = { status: 'OK'; data: T };

/** application/problem+json body; `detail` is always Spanish and safe to show. */
export const problem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type Problem = z.infer<typeof problem>;

/** Dates travel as YYYY-MM-DD (a calendar day in the business time zone). */
export const isoDate = z.iso.date({ error: 'Fecha inválida, use AAAA-MM-DD' });
