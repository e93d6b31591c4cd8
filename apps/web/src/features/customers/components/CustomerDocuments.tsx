import { Stack, Title } from '@mantine/core';
import type { CustomerDocument } from '@prestaya/contracts';
import { IconFileOff } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDelete } from '../../../components/ConfirmModal.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { toastOutcome } from '../../../lib/notify.ts';
import { hasRole, useSession } from '../../../lib/session.ts';
import { useDeleteCustomerDocument } from '../api/delete-customer-document.ts';
import { useCustomerDocuments } from '../api/get-customer-documents.ts';
import { DocumentList, documentLabel } from './DocumentList.tsx';
import { DocumentUploadForm } from './DocumentUploadForm.tsx';
import { ExpedienteBadge } from './ExpedienteBadge.tsx';

export const NO_DOCUMENTS_TEXT = 'Sin documentos';
export const DOCUMENT_DELETED = 'Documento eliminado';
export const DOCUMENT_DELETE_FAILED = 'No se pudo eliminar el documento';

/**
 * The 'Documentos' tab: the expediente's badge, the upload form and the customer's documents (type, date, who uploaded them),
 * images viewed in the gallery, PDFs downloaded; administrators delete them after a confirmation.
 */
export function CustomerDocuments({ customerId }: { customerId: string }) {
  const query = useCustomerDocuments(customerId);
  const canDelete = hasRole(useSession()?.user, 'ROLE_ADMIN');
  const remove = useDeleteCustomerDocument();
  const [toDelete, setToDelete] = useState<CustomerDocument | null>(null);

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(
      { customerId, documentId: toDelete.id },
      toastOutcome(DOCUMENT_DELETED, DOCUMENT_DELETE_FAILED, { onSuccess: () => setToDelete(null) }),
    );
  };

  return (
    <Stack gap="lg">
      <ExpedienteBadge customerId={customerId} />
      <DocumentUploadForm customerId={customerId} />
      <Stack gap="sm" component="section" aria-labelledby="customer-documents-title">
        <Title order={2} size="h4" id="customer-documents-title">
          Documentos
        </Title>
        <QueryState
          query={query}
          loadingLabel="Cargando documentos"
          errorText="No se pudieron cargar los documentos."
          emptyText={NO_DOCUMENTS_TEXT}
          emptyIcon={<IconFileOff size={24} />}
        >
          {(documents) => <DocumentList documents={documents} canDelete={canDelete} onDelete={setToDelete} />}
        </QueryState>
      </Stack>
      <ConfirmDelete
        title="¿Eliminar este documento?"
        what={
          toDelete &&
          `«${documentLabel(toDelete)}»${toDelete.filename ? ` (${toDelete.filename})` : ''} del cliente`
        }
        onClose={() => setToDelete(null)}
        onConfirm={confirmDelete}
        loading={remove.isPending}
      />
    </Stack>
  );
}
