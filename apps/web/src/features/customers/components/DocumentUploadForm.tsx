import { Alert, Button, Group, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import {
  CUSTOMER_DOCUMENT_TYPE_LABELS,
  CUSTOMER_DOCUMENT_TYPES,
  type CustomerDocumentType,
  customerDocumentUpload,
  DOCUMENT_CONTENT_TYPES,
  MAX_DOCUMENT_BYTES,
  PROOF_DATE_FUTURE_MESSAGE,
} from '@prestaya/contracts';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { acceptOf, FileDropzone } from '../../../components/FileDropzone.tsx';
import { isFileRefusalStatus } from '../../../components/ImageDropzone.tsx';
import { isApiError, isUnauthorized } from '../../../lib/api.ts';
import { schemaCheck, showServerFieldErrors, useCheckedForm } from '../../../lib/form.ts';
import { businessToday } from '../../../lib/format.ts';
import { useOneAtATime } from '../../../lib/idempotency.ts';
import { notify } from '../../../lib/notify.ts';
import { useContractLoanOptions } from '../api/get-contract-loan-options.ts';
import { useUploadCustomerDocument } from '../api/upload-customer-document.ts';

export const DOCUMENT_UPLOADED = 'Documento subido';
export const DOCUMENT_UPLOAD_FAILED = 'No se pudo subir el documento';
export const DOCUMENT_FILE_LABEL = 'Archivo del documento';

const ACCEPT = acceptOf(DOCUMENT_CONTENT_TYPES);
const TYPE_OPTIONS = CUSTOMER_DOCUMENT_TYPES.map((value) => ({
  value,
  label: CUSTOMER_DOCUMENT_TYPE_LABELS[value],
}));
const DROPZONE_TEXTS = {
  label: DOCUMENT_FILE_LABEL,
  prompt: 'Click para elegir un archivo o suéltalo aquí',
  hint: 'Una imagen (JPEG, PNG, WebP o HEIC) o un PDF de hasta 10 MB',
  refusedTitle: 'Archivo no válido',
  typeError: 'Solo se aceptan imágenes JPEG, PNG, WebP o HEIC, o archivos PDF',
  sizeError: 'El archivo no debe pesar más de 10 MB',
  previewAlt: 'Vista previa del documento',
};

interface Values {
  type: CustomerDocumentType | null;
  description: string;
  documentDate: string;
  /** The loan of a signed contract ('Contrato firmado'); '' for every other type. */
  loanId: string;
}

const EMPTY: Values = { type: null, description: '', documentDate: '', loanId: '' };

export const CONTRACT_LOAN_MESSAGE = 'Seleccione el préstamo del contrato firmado';

/** The schema's messages, and the rules it leaves to this form and the server: a proof of address not later than today, a signed contract's loan. */
const schemaErrors = schemaCheck<Values>(customerDocumentUpload, (values) => ({
  type: values.type ?? undefined,
  description: values.description,
  documentDate: values.documentDate || undefined,
  ...(values.type === 'SIGNED_CONTRACT' && values.loanId ? { loanId: values.loanId } : {}),
}));
const check = (values: Values) => {
  const errors = schemaErrors(values);
  if (values.type === 'SIGNED_CONTRACT' && !values.loanId) errors.loanId ??= CONTRACT_LOAN_MESSAGE;
  if (values.type === 'PROOF_OF_ADDRESS' && values.documentDate > businessToday())
    return { ...errors, documentDate: PROOF_DATE_FUTURE_MESSAGE };
  return errors;
};

/**
 * 'Subir documento': the type, an optional description, for a proof of address its date ('Fecha del
 * comprobante', not later than today), and one file (an image or a PDF, 10 MB). The
 * server decides by the file's bytes: when it refuses the file (413/415) only the file goes, with the
 * server's reason under the zone; any other refusal is shown above the button. Either way the type and
 * description stay, to try again.
 */
export function DocumentUploadForm({ customerId }: { customerId: string }) {
  const upload = useUploadCustomerDocument();
  const once = useOneAtATime();
  const { form, valid } = useCheckedForm<Values>(EMPTY, check);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const signedContract = form.values.type === 'SIGNED_CONTRACT';
  const loanOptions = useContractLoanOptions(customerId, signedContract);

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setFileError(null);
    setFailure(null);
  };

  const submit = form.onSubmit((values) =>
    once(async () => {
      if (!file || !values.type) return;
      setFailure(null);
      try {
        await upload.mutateAsync({
          customerId,
          type: values.type,
          description: values.description,
          documentDate: values.documentDate,
          file,
          ...(values.type === 'SIGNED_CONTRACT' ? { loanId: values.loanId } : {}),
        });
      } catch (error) {
        if (isUnauthorized(error)) return;
        if (isApiError(error) && isFileRefusalStatus(error.status)) {
          setFile(null);
          setFileError(error.detail);
          return;
        }
        showServerFieldErrors(form, error);
        setFailure(isApiError(error) ? error.detail : 'Intente de nuevo.');
        return;
      }
      notify.success(DOCUMENT_UPLOADED);
      form.reset();
      setFile(null);
    }),
  );

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={submit} aria-label="Subir documento" noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Subir documento
          </Title>
          <Group grow align="flex-start" gap="sm" wrap="wrap">
            <Select
              label="Tipo de documento"
              placeholder="Seleccione"
              data={TYPE_OPTIONS}
              required
              allowDeselect={false}
              miw={180}
              disabled={upload.isPending}
              {...form.getInputProps('type')}
            />
            <TextInput
              label="Descripción"
              placeholder="Opcional"
              maxLength={200}
              miw={180}
              disabled={upload.isPending}
              {...form.getInputProps('description')}
            />
            {form.values.type === 'PROOF_OF_ADDRESS' && (
              <TextInput
                type="date"
                label="Fecha del comprobante"
                description="La fecha impresa en el recibo"
                required
                max={businessToday()}
                miw={180}
                disabled={upload.isPending}
                {...form.getInputProps('documentDate')}
              />
            )}
          </Group>
          {signedContract && (
            <Select
              label="Préstamo"
              placeholder="Seleccione el préstamo"
              data={loanOptions.data ?? []}
              required
              allowDeselect={false}
              disabled={upload.isPending}
              {...form.getInputProps('loanId')}
            />
          )}
          <FileDropzone
            file={file}
            onChange={chooseFile}
            accept={ACCEPT}
            maxSize={MAX_DOCUMENT_BYTES}
            texts={DROPZONE_TEXTS}
            disabled={upload.isPending}
            error={fileError}
          />
          {failure && (
            <Alert color="red" variant="light" role="alert" title={DOCUMENT_UPLOAD_FAILED}>
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button
              type="submit"
              leftSection={<IconUpload size={16} aria-hidden />}
              loading={upload.isPending}
              disabled={!valid || !file}
            >
              Subir documento
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
