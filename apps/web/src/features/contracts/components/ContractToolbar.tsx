import { Button, FileButton, Group, Text } from '@mantine/core';
import { DOCUMENT_CONTENT_TYPES, type LoanContract, MAX_DOCUMENT_BYTES } from '@prestaya/contracts';
import { IconDownload, IconFileCertificate, IconPrinter, IconUpload, IconX } from '@tabler/icons-react';
import { isApiError, isUnauthorized } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { screenPaths } from '../../../lib/paths.ts';
import { openPrintTab } from '../../../lib/print.ts';
import { downloadContractPdf } from '../api/get-loan-contract.ts';
import { useUploadSignedContract } from '../api/upload-signed-contract.ts';

export const SIGNED_CONTRACT_UPLOADED = 'Contrato firmado subido';
export const UPLOAD_SIGNED_LABEL = 'Subir contrato firmado';

/**
 * The screen-only actions of the loan's documents: print all or the cover alone, download the PDF,
 * and upload the signed copy (an image or a PDF, as 'Contrato firmado' of this loan).
 */
export function ContractToolbar({ contract, coverOnly }: { contract: LoanContract; coverOnly: boolean }) {
  const upload = useUploadSignedContract();
  const { loan, customer, signedContract } = contract;

  const send = async (file: File | null) => {
    if (!file) return;
    if (file.size > MAX_DOCUMENT_BYTES) {
      notify.error('No se pudo subir el contrato', 'El archivo no debe pesar más de 10 MB');
      return;
    }
    try {
      await upload.mutateAsync({ customerId: customer.id, loanId: loan.id, file });
      notify.success(SIGNED_CONTRACT_UPLOADED);
    } catch (error) {
      if (isUnauthorized(error)) return;
      notify.error('No se pudo subir el contrato', isApiError(error) ? error.detail : 'Intente de nuevo.');
    }
  };

  const download = async () => {
    try {
      await downloadContractPdf(loan.id, loan.num);
    } catch (error) {
      if (!isUnauthorized(error))
        notify.error('No se pudo descargar el PDF', isApiError(error) ? error.detail : 'Intente de nuevo.');
    }
  };

  return (
    <div className="print-toolbar" style={{ alignItems: 'center' }}>
      <Text size="sm" mr="auto" data-testid="signed-contract-status">
        {signedContract
          ? `Contrato firmado subido el ${formatDate(signedContract.uploadedOn)}`
          : contract.requireSignedContract
            ? 'Sin contrato firmado: se necesita para entregar'
            : 'Sin contrato firmado'}
      </Text>
      <Group gap="xs" justify="flex-end">
        <Button
          variant="default"
          leftSection={<IconX size={16} aria-hidden />}
          onClick={() => window.close()}
        >
          Cerrar
        </Button>
        {!coverOnly && (
          <Button
            variant="default"
            leftSection={<IconFileCertificate size={16} aria-hidden />}
            onClick={() => openPrintTab(screenPaths.printLoanContract(loan.id, true))}
          >
            Solo carátula
          </Button>
        )}
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => void download()}
        >
          Descargar PDF
        </Button>
        <FileButton onChange={(file) => void send(file)} accept={DOCUMENT_CONTENT_TYPES.join(',')}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconUpload size={16} aria-hidden />}
              loading={upload.isPending}
            >
              {UPLOAD_SIGNED_LABEL}
            </Button>
          )}
        </FileButton>
        <Button leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
          Imprimir
        </Button>
      </Group>
    </div>
  );
}
