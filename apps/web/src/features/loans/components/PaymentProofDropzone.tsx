import { MAX_PROOF_BYTES, PROOF_CONTENT_TYPES } from '@prestaya/contracts';
import { acceptOf, FileDropzone } from '../../../components/FileDropzone.tsx';
import { DROPZONE_PROMPT } from '../payment-labels.ts';

const ACCEPT = acceptOf(PROOF_CONTENT_TYPES);
export const PROOF_TYPE_ERROR = 'Solo se aceptan imágenes JPEG, PNG, WebP o HEIC';
export const PROOF_SIZE_ERROR = 'La imagen no debe pesar más de 10 MB';

const TEXTS = {
  label: 'Comprobante de pago',
  prompt: DROPZONE_PROMPT,
  hint: 'Una imagen JPEG, PNG, WebP o HEIC de hasta 10 MB',
  refusedTitle: 'Comprobante no válido',
  typeError: PROOF_TYPE_ERROR,
  sizeError: PROOF_SIZE_ERROR,
  previewAlt: 'Vista previa del comprobante',
};

export interface PaymentProofDropzoneProps {
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
}

/**
 * The transfer's proof image (docs/product.md §2 "Payment form"): one JPEG/PNG/WebP/HEIC image up to 10 MB; when
 * several are dropped only the first is attached. Removable with 'Borrar'.
 */
export function PaymentProofDropzone({ file, onChange, disabled = false }: PaymentProofDropzoneProps) {
  return (
    <FileDropzone
      file={file}
      onChange={onChange}
      accept={ACCEPT}
      maxSize={MAX_PROOF_BYTES}
      texts={TEXTS}
      disabled={disabled}
    />
  );
}
