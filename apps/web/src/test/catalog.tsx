import { CatalogTable, type CatalogTableProps } from '../components/CatalogTable/CatalogTable.tsx';
import type { PageParams } from '../components/CatalogTable/types.ts';
import { api } from '../lib/api.ts';
import { columns, type Row, readRowsPage } from './catalog-fixtures.ts';
import { renderWithProviders } from './utils.tsx';

/** The catalog's page of 'things', through the real API client (tests stub the network). */
export const fetchThings = (params: PageParams) => api.get('/api/v1/things', readRowsPage, { ...params });

/** A catalog table 'Cosas' over /api/v1/things with the shared columns; `props` override any part. */
export function renderCatalog(props: Partial<CatalogTableProps<Row>> = {}) {
  return renderWithProviders(
    <CatalogTable<Row>
      listId="things"
      title="Cosas"
      queryKey={['things']}
      fetchPage={fetchThings}
      columns={columns}
      {...props}
    />,
  );
}
