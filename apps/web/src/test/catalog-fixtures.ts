import type { ColumnDef, Paged } from '../components/CatalogTable/types.ts';
import type { Reader } from '../lib/fetch-core.ts';

/** The rows, columns and pages the catalog table's tests share. */
export interface Row {
  id: string;
  num: number;
  name: string;
  lastName: string;
  secondLastName?: string;
  amount: number;
  status: string;
  loans: { num: number }[];
}

/** The stubbed server answers the pages a test wrote: they are read as they come. */
export const readRowsPage: Reader<Paged<Row>> = (body) => body as Paged<Row>;

export const rows: Row[] = [
  {
    id: 'a',
    num: 7,
    name: 'Ana',
    lastName: 'Gómez',
    secondLastName: 'Ruiz',
    amount: 12345.5,
    status: 'A',
    loans: [{ num: 1001 }, { num: 1002 }],
  },
  { id: 'b', num: 8, name: 'Beto', lastName: 'Díaz', amount: 500, status: 'CANCELLED', loans: [] },
];

export const columns: ColumnDef<Row>[] = [
  { header: 'No.', accessor: 'num' },
  { header: 'Nombre', accessor: 'name', concat: ['lastName', 'secondLastName'] },
  { header: 'Monto', accessor: 'amount', type: 'money' },
  { header: 'Préstamo', accessor: 'loans', elementProp: 'num' },
  {
    header: 'Estatus',
    accessor: 'status',
    type: 'status',
    labels: [
      { value: 'A', text: 'Activo', color: 'teal' },
      { value: 'CANCELLED', text: 'Cancelado', color: 'red' },
    ],
  },
];

export function page(
  data: Row[],
  pageNo = 1,
  totalPages = 1,
  totalDocuments = data.length,
  totalCapped = false,
): Paged<Row> {
  return { data, page: pageNo, size: 10, totalDocuments, totalPages, totalCapped };
}
