import { Stack, Text } from '@mantine/core';
import { CAT_LABEL, formatCat, type LoanProduct, type Paged, pesosToCents } from '@prestaya/contracts';
import { productCatPercent } from '@prestaya/domain';
import { IconCircleCheck, IconCircleOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CatalogTable, type ColumnDef, type ExtraButton } from '../../../components/CatalogTable/index.ts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { EntityDialog } from '../../../components/EntityDialog.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { loanProductsQuery } from '../../../lib/loan-products.ts';
import { notify } from '../../../lib/notify.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import type { StatusLabel } from '../../../lib/status-badges.ts';
import { useSetLoanProductActive } from '../api/set-loan-product-active.ts';
import { LoanProductForm } from './LoanProductForm.tsx';

const ACTIVE_LABELS: StatusLabel[] = [
  { value: 'true', text: 'Activo', color: 'green' },
  { value: 'false', text: 'Inactivo', color: 'gray' },
];

const percent = (n: number) => `${n.toLocaleString('es-MX', { maximumFractionDigits: 2 })} %`;

/** The product's CAT by the same domain rule the server's loan documents use (percent, one decimal). */
export const productCat = (product: LoanProduct) =>
  productCatPercent({
    termWeeks: product.termWeeks,
    interestBp: Math.round(product.interestPercent * 100),
    maxAmountCents: pesosToCents(product.maxAmount),
  });

const columns: ColumnDef<LoanProduct>[] = [
  {
    header: 'Nombre',
    accessor: 'name',
    render: (product) => (
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {product.name}
        </Text>
        <Text size="xs" c="dimmed">
          {product.termWeeks} pagos semanales · {percent(product.interestPercent)}
        </Text>
        <Text size="xs" c="dimmed" data-testid="product-cat">
          {CAT_LABEL}: {formatCat(productCat(product))}
        </Text>
      </Stack>
    ),
  },
  {
    header: 'Multa diaria',
    accessor: 'dailyFee',
    visibleFrom: 'sm',
    render: (product) => `${formatMoney(product.dailyFee)} (tope ${percent(product.lateFeeCapPercent)})`,
  },
  {
    header: 'Montos',
    accessor: 'minAmount',
    visibleFrom: 'sm',
    render: (product) => `${formatMoney(product.minAmount)} a ${formatMoney(product.maxAmount)}`,
  },
  { header: 'Estatus', accessor: 'active', type: 'status', labels: ACTIVE_LABELS },
];

/** The product list as one page of the table: products are few (at most 100) and come in one reply. */
function pageOf(products: LoanProduct[], page: number, size: number): Paged<LoanProduct> {
  return {
    data: products.slice((page - 1) * size, page * size),
    page,
    size,
    totalDocuments: products.length,
    totalPages: Math.ceil(products.length / size),
    totalCapped: false,
  };
}

/**
 * /admin/products (administrators): 'Productos'. A new or edited product applies to the loans requested
 * afterwards; deactivating one (confirmed first) takes it out of the loan form, and the server keeps at
 * least one active.
 */
export function LoanProductList() {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ opened: boolean; product?: LoanProduct }>({ opened: false });
  const [toggling, setToggling] = useState<LoanProduct | null>(null);
  const setActive = useSetLoanProductActive();

  const fetchPage = async ({ page, size }: { page: number; size: number }) =>
    pageOf(await queryClient.fetchQuery({ ...loanProductsQuery(), staleTime: 0 }), page, size);

  const close = () => setEditing((e) => ({ ...e, opened: false }));
  const confirmToggle = () => {
    if (!toggling) return;
    const active = !toggling.active;
    setActive.mutate(
      { id: toggling.id, active },
      {
        onSuccess: () => {
          notify.success(active ? 'Producto activado' : 'Producto desactivado');
          setToggling(null);
        },
        onError: (error) => {
          notify.apiError(
            error,
            active ? 'No se pudo activar el producto' : 'No se pudo desactivar el producto',
          );
          setToggling(null);
        },
      },
    );
  };

  const extraButtons: ExtraButton<LoanProduct>[] = [
    {
      label: 'Desactivar',
      icon: <IconCircleOff size={16} aria-hidden />,
      color: 'red',
      condition: (product) => product.active,
      onClick: setToggling,
    },
    {
      label: 'Activar',
      icon: <IconCircleCheck size={16} aria-hidden />,
      condition: (product) => !product.active,
      onClick: setToggling,
    },
  ];

  return (
    <Stack>
      <CatalogTable<LoanProduct>
        listId="loan-products"
        title="Productos"
        titleOrder={1}
        queryKey={[...queryRoots.loanProducts, 'table']}
        fetchPage={fetchPage}
        columns={columns}
        onAdd={() => setEditing({ opened: true })}
        addLabel="Nuevo producto"
        onEdit={(product) => setEditing({ opened: true, product })}
        extraButtons={extraButtons}
      />
      <EntityDialog
        opened={editing.opened}
        onClose={close}
        title={editing.product ? 'Editar producto' : 'Nuevo producto'}
        size="lg"
      >
        <LoanProductForm
          key={editing.product?.id ?? 'new'}
          product={editing.product}
          onCancel={close}
          onSaved={close}
        />
      </EntityDialog>
      <ConfirmModal
        opened={toggling !== null}
        title={toggling?.active ? '¿Desactivar el producto?' : '¿Activar el producto?'}
        onClose={() => setToggling(null)}
        onConfirm={confirmToggle}
        confirmLabel={toggling?.active ? 'Desactivar' : 'Activar'}
        confirmColor={toggling?.active ? 'red' : undefined}
        loading={setActive.isPending}
      >
        <Text size="sm">
          {toggling?.active
            ? `«${toggling.name}» dejará de ofrecerse al solicitar un préstamo. Los préstamos que ya lo usan no cambian.`
            : `«${toggling?.name ?? ''}» se ofrecerá de nuevo al solicitar un préstamo.`}
        </Text>
      </ConfirmModal>
    </Stack>
  );
}
