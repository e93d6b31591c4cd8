import { type DatedListQuery, type Paged, paged, type WriteOff, writeOff } from '@prestaya/contracts';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';

const readPage = paged(writeOff).parse;

/** GET /api/v1/write-offs?page&size&query&orderBy&order&from&to (admin): 'Cartera castigada'. */
export function getWriteOffs(params: DatedListQuery): Promise<Paged<WriteOff>> {
  return api.get(apiPaths.writeOffs, readPage, { ...params });
}
