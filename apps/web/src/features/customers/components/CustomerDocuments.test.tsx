import type { CustomerDocument } from '@prestaya/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { agentLogin } from '../../../test/fixtures.ts';
import { mockServer, problem, renderWithProviders } from '../../../test/utils.tsx';
import { adminLogin, CUSTOMER_ID, documentOf, documentsPath, ok } from '../test/fixtures.ts';
import { CustomerDocuments } from './CustomerDocuments.tsx';

const front = documentOf('d-1');
const bill = documentOf('d-2', {
  type: 'PROOF_OF_ADDRESS',
  description: 'Recibo de luz',
  filename: 'recibo.pdf',
  contentType: 'application/pdf',
  sizeBytes: 3 * 1024 * 1024,
  uploadedOn: '2025-03-11T17:05:00.000Z',
  uploadedBy: { id: 'u-2', name: 'Luis', lastName: 'Pérez' },
});

/** Serves the list (`current()`), and the upload and delete through the given handlers. */
function serve(
  current: () => CustomerDocument[],
  handlers: { upload?: () => Response; remove?: (id: string) => Response } = {},
) {
  return mockServer(({ method, url }) => {
    if (url.pathname === documentsPath && method === 'GET') return ok(200, current());
    if (url.pathname === expedientePath) return ok(200, expedienteOf(current()));
    if (url.pathname === documentsPath && method === 'POST') return handlers.upload?.();
    if (method === 'DELETE' && url.pathname.startsWith(`${documentsPath}/`))
      return handlers.remove?.(url.pathname.split('/').pop() ?? '');
    return undefined;
  });
}

const expedientePath = `/api/v1/customers/${CUSTOMER_ID}/expediente`;

/** The server's word on the expediente, played here: complete once a proof of address is there. */
const expedienteOf = (documents: CustomerDocument[]) =>
  documents.some((d) => d.type === 'PROOF_OF_ADDRESS')
    ? { complete: true, missing: [], proofOfAddressMaxMonths: 3 }
    : {
        complete: false,
        missing: [{ gap: 'PROOF_OF_ADDRESS', label: 'Comprobante de domicilio' }],
        proofOfAddressMaxMonths: 3,
      };

const renderDocuments = () => renderWithProviders(<CustomerDocuments customerId={CUSTOMER_ID} />);
const list = () => screen.findByRole('list', { name: 'Documentos del cliente' });
const pdfFile = () => new File(['%PDF-1.4\n%%EOF\n'], 'recibo.pdf', { type: 'application/pdf' });

async function chooseType(label: string) {
  await userEvent.click(screen.getByRole('combobox', { name: 'Tipo de documento' }));
  await userEvent.click(await screen.findByRole('option', { name: label }));
}

describe("the 'Documentos' tab", { timeout: 20_000 }, () => {
  it("says 'Sin documentos' when the customer has none", async () => {
    session.start(agentLogin);
    serve(() => []);
    renderDocuments();
    expect(await screen.findByText('Sin documentos')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subir documento' })).toBeDisabled();
  });

  it('says the list failed, apart from being empty, and retries', async () => {
    session.start(agentLogin);
    let fail = true;
    mockServer(({ url }) =>
      url.pathname === documentsPath ? (fail ? problem(500, 'Error interno') : ok(200, [front])) : undefined,
    );
    renderDocuments();
    expect(await screen.findByText(/No se pudieron cargar los documentos/)).toBeInTheDocument();
    expect(screen.queryByText('Sin documentos')).not.toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await list()).toBeInTheDocument();
  });

  it('lists each document with its type, description, date, who uploaded it and its file', async () => {
    session.start(agentLogin);
    serve(() => [bill, front]);
    renderDocuments();
    const items = within(await list()).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Comprobante de domicilioRecibo de luz11/03/2025 05:05 pm · Luis Pérezrecibo.pdf · 3.0 MBDescargar',
      'INE (frente)10/03/2025 04:30 pm · Ana Gómezine-frente.png · 2 KBVer',
    ]);
    // The image's thumbnail is the file itself, through its signed link.
    expect(within(items[1] as HTMLElement).getByRole('img', { name: 'INE (frente)' })).toHaveAttribute(
      'src',
      front.uri,
    );
    // An agent may not delete.
    expect(screen.queryByRole('button', { name: /^Eliminar/ })).not.toBeInTheDocument();
  });

  it('downloads a PDF (the server serves it only as an attachment), under its own name', async () => {
    session.start(agentLogin);
    serve(() => [bill]);
    renderDocuments();
    await list();
    const download = screen.getByRole('link', { name: 'Descargar Comprobante de domicilio' });
    expect(download).toHaveAttribute('href', bill.uri);
    expect(download).toHaveAttribute('download', 'recibo.pdf');
    expect(screen.queryByRole('button', { name: 'Ver Comprobante de domicilio' })).not.toBeInTheDocument();
  });

  it('uploads the chosen type, description and file, then shows the new document', async () => {
    session.start(agentLogin);
    let current: CustomerDocument[] = [];
    const { requests } = serve(() => current, {
      upload: () => {
        current = [bill];
        return ok(201, bill);
      },
    });
    renderDocuments();
    expect(await screen.findByText('Sin documentos')).toBeInTheDocument();
    expect(await screen.findByText('Expediente incompleto')).toBeInTheDocument();
    expect(screen.getByText('Falta: Comprobante de domicilio')).toBeInTheDocument();
    await chooseType('Comprobante de domicilio');
    await userEvent.type(screen.getByRole('textbox', { name: 'Descripción' }), 'Recibo de luz');
    // Its date is required, and may not be later than today.
    const date = screen.getByLabelText(/^Fecha del comprobante/);
    await userEvent.click(date);
    await userEvent.tab();
    expect(await screen.findByText('La fecha del comprobante es requerida')).toBeInTheDocument();
    fireEvent.change(date, { target: { value: '2999-01-01' } });
    expect(await screen.findByText('La fecha del comprobante no puede ser futura')).toBeInTheDocument();
    fireEvent.change(date, { target: { value: '2025-03-01' } });
    await waitFor(() => expect(screen.queryByText(/La fecha del comprobante/)).not.toBeInTheDocument());
    const input = screen.getByLabelText('Archivo del documento') as HTMLInputElement;
    expect(input.accept.split(',')).toEqual(expect.arrayContaining(['application/pdf', 'image/png']));
    await userEvent.upload(input, pdfFile());
    expect(await screen.findByText('recibo.pdf')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Subir documento' }));

    expect(await screen.findByText('Documento subido')).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST');
    const body = post?.body as FormData;
    expect(body.get('type')).toBe('PROOF_OF_ADDRESS');
    expect(body.get('description')).toBe('Recibo de luz');
    expect(body.get('documentDate')).toBe('2025-03-01');
    expect((body.get('file') as File).name).toBe('recibo.pdf');
    expect(await screen.findByText('Expediente completo')).toBeInTheDocument();
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(1);
    // The form is ready for the next one.
    expect(screen.getByRole('textbox', { name: 'Descripción' })).toHaveValue('');
    expect(screen.getByLabelText('Archivo del documento')).toBeInTheDocument();
  });

  it('keeps the type and description when the server refuses the file, and says why', async () => {
    session.start(agentLogin);
    serve(() => [], {
      upload: () => problem(415, 'El documento debe ser una imagen JPG, PNG, WebP o HEIC, o un PDF'),
    });
    renderDocuments();
    await screen.findByText('Sin documentos');
    await chooseType('INE (reverso)');
    await userEvent.type(screen.getByRole('textbox', { name: 'Descripción' }), 'Reverso');
    await userEvent.upload(screen.getByLabelText('Archivo del documento'), pdfFile());
    await userEvent.click(await screen.findByRole('button', { name: 'Subir documento' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'El documento debe ser una imagen JPG, PNG, WebP o HEIC, o un PDF',
    );
    expect(screen.queryByText('recibo.pdf')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Tipo de documento' })).toHaveValue('INE (reverso)');
    expect(screen.getByRole('textbox', { name: 'Descripción' })).toHaveValue('Reverso');
    expect(screen.queryByText('Documento subido')).not.toBeInTheDocument();
  });

  it('shows any other refusal above the button and keeps the file to try again', async () => {
    session.start(agentLogin);
    serve(() => [], { upload: () => problem(404, 'Cliente no encontrado') });
    renderDocuments();
    await screen.findByText('Sin documentos');
    await chooseType('Otro');
    await userEvent.upload(screen.getByLabelText('Archivo del documento'), pdfFile());
    await userEvent.click(screen.getByRole('button', { name: 'Subir documento' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudo subir el documento');
    expect(alert).toHaveTextContent('Cliente no encontrado');
    expect(screen.getByText('recibo.pdf')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subir documento' })).toBeEnabled();
  });

  it("lets an administrator delete a document after '¿Eliminar este documento?'", async () => {
    session.start(adminLogin);
    let current = [bill, front];
    const { requests } = serve(() => current, {
      remove: (id) => {
        current = current.filter((d) => d.id !== id);
        return ok(200, { id });
      },
    });
    renderDocuments();
    await list();
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar Comprobante de domicilio' }));
    const confirm = within(await screen.findByRole('dialog', { name: '¿Eliminar este documento?' }));
    expect(confirm.getByText(/«Comprobante de domicilio» \(recibo\.pdf\)/)).toBeInTheDocument();
    await userEvent.click(confirm.getByRole('button', { name: 'Eliminar' }));

    expect(await screen.findByText('Documento eliminado')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname)).toEqual([
      `${documentsPath}/d-2`,
    ]);
    await waitFor(() => expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.queryByText('Recibo de luz')).not.toBeInTheDocument();
  });
});
