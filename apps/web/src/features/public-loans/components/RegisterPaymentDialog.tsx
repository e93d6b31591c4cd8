import '@mantine/dropzone/styles.css';
import { Alert, Button, Group, Image, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { useMediaQuery } from '@mantine/hooks';
import { agentCredentialHeader } from '@prestaya/contracts/plain';
import { IconAlertCircle, IconPhoto } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import {
  DropzoneIcons,
  isFileRefusalStatus,
  rejectedAsTooLarge,
} from '../../../components/ImageDropzone.tsx';
import { useIdempotencyKey, useOneAtATime } from '../../../lib/idempotency.ts';
import { errorDetail, isPublicApiError, type RegisteredPayment } from '../api/client.ts';
import { useRegisterPublicPayment, useRequestPublicPayment } from '../api/queries.ts';
import { formatCents } from '../selection.ts';
import { DigitsInput } from './DigitsInput.tsx';

/** Proof images the server accepts by content (JPG, PNG, WebP, HEIC), at most 10 MB. */
const ACCEPT = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'];
const MAX_BYTES = 10 * 1024 * 1024;

export interface RegisterPaymentDialogProps {
  opened: boolean;
  onClose: () => void;
  loanId: string;
  /** The lookup's proof that the server asks back with the PIN. */
  lookupProof: string;
  totalCents: number;
  scheduledPaymentIds: string[];
  feeIds: string[];
  onRegistered: (payment: RegisteredPayment) => void;
  /** "Pago sin PIN": the payment was sent to wait for the agent's authorisation. */
  onRequested?: () => void;
}

interface FieldErrors {
  file?: string;
  userNum?: string;
  pin?: string;
}

function ProofPreview({ file, onRemove }: { file: File; onRemove: () => void }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (typeof URL.createObjectURL !== 'function') return;
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return (
    <Group
      gap="sm"
      wrap="nowrap"
      p="xs"
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
    >
      {url ? (
        <Image src={url} alt="Comprobante seleccionado" w={56} h={56} fit="cover" radius="sm" />
      ) : (
        <IconPhoto size={32} aria-hidden />
      )}
      <Text size="sm" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        {file.name}
      </Text>
      <Button variant="light" color="red" size="xs" onClick={onRemove}>
        Borrar
      </Button>
    </Group>
  );
}

/** docs/product.md §2 "PaymentView", 'Registrar Pago': read-only total, Efectivo/Transferencia, proof image, agent number and PIN. */
export function RegisterPaymentDialog({
  opened,
  onClose,
  loanId,
  lookupProof,
  totalCents,
  scheduledPaymentIds,
  feeIds,
  onRegistered,
  onRequested,
}: RegisterPaymentDialogProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  const register = useRegisterPublicPayment();
  const requestWithoutPin = useRequestPublicPayment();
  const busy = register.isPending || requestWithoutPin.isPending;
  const [method, setMethod] = useState<'0' | '1'>('0');
  const [file, setFile] = useState<File | null>(null);
  const [userNum, setUserNum] = useState('');
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<{ title: string; detail: string } | null>(null);

  // A fresh form each time the dialog opens.
  useEffect(() => {
    if (!opened) return;
    setMethod('0');
    setFile(null);
    setUserNum('');
    setPin('');
    setErrors({});
    setServerError(null);
  }, [opened]);

  const validate = (): FieldErrors => {
    const next: FieldErrors = {};
    if (method === '1' && !file) next.file = 'Adjunte la imagen del comprobante de la transferencia';
    if (!/^\d{1,10}$/.test(userNum.trim())) next.userNum = 'Ingrese el número de usuario del agente';
    if (!/^\d{4,6}$/.test(pin)) next.pin = 'El PIN debe tener de 4 a 6 dígitos';
    return next;
  };

  // One key per opening and selection: a double click or a retry of the same payment gets the first reply.
  const idempotencyKey = useIdempotencyKey(
    opened,
    loanId,
    scheduledPaymentIds.join(),
    feeIds.join(),
    method,
    file,
  );
  const once = useOneAtATime();

  const send = async () => {
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setServerError(null);
    try {
      const payment = await register.mutateAsync({
        loanId,
        scheduledPaymentIds,
        feeIds,
        paymentMethod: method === '1' ? 1 : 0,
        file: method === '1' ? file : null,
        authorization: agentCredentialHeader(userNum.trim(), pin),
        lookupProof,
        idempotencyKey,
      });
      onRegistered(payment);
    } catch (error) {
      // docs/product.md §8 "Public payment failure": the dialog stays with the reason. A locked user number (423)
      // has its own title, so staff can tell it from a mistyped PIN; either way the PIN is cleared.
      const status = isPublicApiError(error) ? error.status : 0;
      setServerError({
        title: status === 423 ? 'PIN bloqueado' : 'No se pudo registrar el pago',
        detail: errorDetail(error),
      });
      if (status === 401 || status === 423) setPin('');
      // A refused image: the ticked installments still hold, only the file must be chosen again.
      if (isFileRefusalStatus(status)) {
        setFile(null);
        setErrors((e) => ({ ...e, file: errorDetail(error) }));
      }
    }
  };

  /** "Enviar sin PIN": only the proof photo is checked here; the agent authorises from their session. */
  const sendWithoutPin = async () => {
    const found: FieldErrors = {};
    if (method === '1' && !file) found.file = 'Adjunte la imagen del comprobante de la transferencia';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setServerError(null);
    try {
      await requestWithoutPin.mutateAsync({
        loanId,
        scheduledPaymentIds,
        feeIds,
        paymentMethod: method === '1' ? 1 : 0,
        file: method === '1' ? file : null,
        lookupProof,
      });
      onRequested?.();
    } catch (error) {
      setServerError({ title: 'No se pudo enviar el pago', detail: errorDetail(error) });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void once(send);
  };

  const onReject = (rejections: FileRejection[]) => {
    setErrors((e) => ({
      ...e,
      file: rejectedAsTooLarge(rejections)
        ? 'La imagen no debe pesar más de 10 MB'
        : 'Elija una sola imagen JPG, PNG, WebP o HEIC',
    }));
  };

  return (
    <Modal
      opened={opened}
      onClose={() => !busy && onClose()}
      title="Registrar Pago"
      fullScreen={phone}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {serverError && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={18} aria-hidden />}
              title={serverError.title}
              role="alert"
            >
              {serverError.detail}
            </Alert>
          )}
          <TextInput label="Total a pagar" value={formatCents(totalCents)} readOnly />
          <Radio.Group
            label="Método de pago"
            value={method}
            onChange={(value) => {
              setMethod(value === '1' ? '1' : '0');
              setErrors((e) => ({ ...e, file: undefined }));
            }}
          >
            <Group gap="lg" mt={6}>
              <Radio value="0" label="Efectivo" />
              <Radio value="1" label="Transferencia" />
            </Group>
          </Radio.Group>

          {method === '1' && (
            <Stack gap={6}>
              <Text size="sm" fw={500}>
                Comprobante de la transferencia
              </Text>
              {file ? (
                <ProofPreview file={file} onRemove={() => setFile(null)} />
              ) : (
                <Dropzone
                  onDrop={(files) => {
                    setFile(files[0] ?? null);
                    setErrors((e) => ({ ...e, file: undefined }));
                  }}
                  onReject={onReject}
                  accept={ACCEPT}
                  maxSize={MAX_BYTES}
                  maxFiles={1}
                  multiple={false}
                  aria-label="Comprobante de la transferencia"
                >
                  <Group justify="center" gap="sm" mih={90} style={{ pointerEvents: 'none' }}>
                    <DropzoneIcons />
                    <Text ta="center" size="sm">
                      Click para elegir imagen o suelta una imagen aqui
                    </Text>
                  </Group>
                </Dropzone>
              )}
              {errors.file && (
                <Text size="sm" c="red.9" role="alert">
                  {errors.file}
                </Text>
              )}
            </Stack>
          )}

          <Text size="sm" c="dimmed">
            Tu agente autoriza el pago con su número de usuario y su PIN.
          </Text>
          <DigitsInput
            label="Número de usuario del agente"
            value={userNum}
            onChange={setUserNum}
            error={errors.userNum}
            maxLength={10}
            required
          />
          <DigitsInput
            label="PIN"
            secret
            value={pin}
            onChange={setPin}
            error={errors.pin}
            maxLength={6}
            required
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancelar
            </Button>
            <Button type="submit" loading={register.isPending} disabled={requestWithoutPin.isPending}>
              Registrar Pago
            </Button>
          </Group>
          {onRequested && (
            <Stack gap={4} align="flex-end">
              <Text size="sm" c="dimmed" ta="right">
                ¿Tu agente no está contigo? Envía el pago sin PIN y él lo autoriza desde su sesión.
              </Text>
              <Button
                variant="light"
                onClick={() => void once(sendWithoutPin)}
                loading={requestWithoutPin.isPending}
                disabled={register.isPending}
              >
                Enviar sin PIN
              </Button>
            </Stack>
          )}
        </Stack>
      </form>
    </Modal>
  );
}
