import {
  contractSettingsInput,
  contractSettingsReply,
  contractTemplateInput,
  contractTemplateListReply,
  contractTemplateParams,
  contractTemplateReply,
  idParams,
  loanCatReply,
  loanContractReply,
  z,
} from '@prestaya/contracts';
import { ok, problemResponses, rawBody, taggedRoutes } from '../../http/responses.ts';
import { loanContract } from './contract-data.ts';
import { contractPdf } from './contract-pdf.ts';
import { staffLoanCat } from './loan-cat.ts';
import { readContractSettings, updateContractSettings } from './settings.ts';
import { listContractTemplates, readContractTemplate, saveContractTemplate } from './templates.ts';

const pdfQuery = z.object({
  /** Only the cover page ('Carátula'), one Letter page. */
  cover: z.enum(['1'], { error: 'cover solo puede ser 1' }).optional(),
});

/**
 * /api/v1/loans/{id}: the loan's CAT and its contract documents (cover page, contract, promissory note)
 * as data and as a PDF, for whoever sees the loan (the statement's access).
 */
export const loanContractRoutes = taggedRoutes('contracts', async (app, docs) => {
  const timeZone = app.config.businessTimeZone;

  app.get(
    '/cat',
    docs({
      description: 'El CAT del préstamo (sin IVA, para fines informativos), en porcentaje con un decimal.',
      params: idParams,
      response: { 200: loanCatReply, ...problemResponses(400, 401, 404) },
    }),
    async (request) => ok(await staffLoanCat(app.db, request.user, request.params.id)),
  );

  app.get(
    '/contract',
    docs({
      description:
        'Carátula, contrato y pagaré del préstamo: cifras del préstamo (CAT incluido), datos del negocio y ' +
        'del cliente, calendario (calculado para una entrega hoy si aún no se entrega) y los textos llenos.',
      params: idParams,
      response: { 200: loanContractReply, ...problemResponses(400, 401, 404) },
    }),
    async (request) =>
      ok(await loanContract(app.db, request.user, request.params.id, app.businessClock.today(), timeZone)),
  );

  app.get(
    '/contract.pdf',
    {
      ...docs({
        description:
          'Los mismos documentos en PDF tamaño carta: la carátula en la primera página (sola), después el ' +
          'contrato y el pagaré. `cover=1`: solo la carátula.',
        params: idParams,
        querystring: pdfQuery,
        produces: ['application/pdf'],
        response: { 200: rawBody('El PDF', 'binary'), ...problemResponses(400, 401, 404) },
      }),
    },
    async (request, reply) => {
      const data = await loanContract(
        app.db,
        request.user,
        request.params.id,
        app.businessClock.today(),
        timeZone,
      );
      const { bytes, pages } = await contractPdf(data, { coverOnly: request.query.cover === '1' });
      return reply
        .headers({
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="contrato-prestamo-${data.loan.num}.pdf"`,
          'cache-control': 'no-store',
          'x-page-count': String(pages),
          'x-content-type-options': 'nosniff',
        })
        .send(bytes);
    },
  );
});

/** /api/v1/contract-templates — the contract's and the promissory note's texts (administrators). */
export const contractTemplatesRoutes = taggedRoutes('contracts', async (app, docs) => {
  const adminOnly = app.requireRole('ROLE_ADMIN');

  app.get(
    '/',
    docs(
      {
        description: 'Textos del contrato y del pagaré (administradores): el editado o el predeterminado.',
        response: { 200: contractTemplateListReply, ...problemResponses(401, 403) },
      },
      adminOnly,
    ),
    async () => ok(await listContractTemplates(app.db)),
  );

  app.get(
    '/:kind',
    docs(
      {
        params: contractTemplateParams,
        response: { 200: contractTemplateReply, ...problemResponses(400, 401, 403) },
      },
      adminOnly,
    ),
    async (request) => ok(await readContractTemplate(app.db, request.params.kind)),
  );

  app.put(
    '/:kind',
    docs(
      {
        description:
          'Guarda el texto (administradores; hasta 20,000 caracteres). Un marcador {{…}} desconocido se ' +
          'rechaza con la lista de los permitidos.',
        params: contractTemplateParams,
        body: contractTemplateInput,
        response: { 200: contractTemplateReply, ...problemResponses(400, 401, 403) },
      },
      adminOnly,
    ),
    async (request) =>
      ok(await saveContractTemplate(app.db, request.user.id, request.params.kind, request.body.body)),
  );

  app.delete(
    '/:kind',
    docs(
      {
        description: 'Restaurar texto predeterminado (administradores).',
        params: contractTemplateParams,
        response: { 200: contractTemplateReply, ...problemResponses(400, 401, 403) },
      },
      adminOnly,
    ),
    async (request) => ok(await saveContractTemplate(app.db, request.user.id, request.params.kind, null)),
  );
});

/** /api/v1/settings/contracts — the contract policy (administrators). */
export const contractSettingsRoutes = taggedRoutes('contracts', async (app, docs) => {
  const adminOnly = app.requireRole('ROLE_ADMIN');

  app.get(
    '/',
    docs(
      {
        description:
          'Política de contratos (administradores): exigir contrato firmado para entregar (no, por omisión).',
        response: { 200: contractSettingsReply, ...problemResponses(401, 403) },
      },
      adminOnly,
    ),
    async () => ok(await readContractSettings(app.db)),
  );

  app.put(
    '/',
    docs(
      {
        description: 'Guarda la política de contratos (administradores).',
        body: contractSettingsInput,
        response: { 200: contractSettingsReply, ...problemResponses(400, 401, 403) },
      },
      adminOnly,
    ),
    async (request) => ok(await updateContractSettings(app.db, request.user.id, request.body)),
  );
});
