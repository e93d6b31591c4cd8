import {
  envelope,
  idParams,
  loanProduct,
  loanProductActive,
  loanProductInput,
  loanProductList,
} from '@prestaya/contracts';
import { ok, problemResponses, taggedRoutes } from '../../http/responses.ts';
import { listLoanProducts } from './list.ts';
import { createLoanProduct, updateLoanProduct } from './save.ts';
import { setLoanProductActive } from './set-active.ts';

/**
 * /api/v1/loan-products — 'Productos' (docs/architecture.md "Loan products"). Administrators keep
 * them; every signed-in staff member reads the active ones (the loan form offers them).
 */
export const loanProductsRoutes = taggedRoutes('loan-products', async (app, docs) => {
  const adminOnly = app.requireRole('ROLE_ADMIN');

  app.get(
    '/',
    docs({
      description:
        'Productos de préstamo: todos para administradores (activos primero), solo los activos para ' +
        'agentes. Montos en pesos, porcentajes con hasta 2 decimales.',
      response: { 200: loanProductList, ...problemResponses(401) },
    }),
    async (request) => ok(await listLoanProducts(app.db, request.user)),
  );

  app.post(
    '/',
    docs(
      {
        description:
          'Nuevo producto (activo). El monto mínimo nunca es menor a $100; 409 si el nombre ya existe.',
        body: loanProductInput,
        response: { 201: envelope(loanProduct), ...problemResponses(400, 401, 403, 409) },
      },
      adminOnly,
    ),
    async (request, reply) =>
      reply.code(201).send(ok(await createLoanProduct(app.db, request.user.id, request.body))),
  );

  app.put(
    '/:id',
    docs(
      {
        description:
          'Cambia los términos del producto para los préstamos que se soliciten después; cada préstamo ' +
          'conserva la copia que tomó al solicitarse.',
        params: idParams,
        body: loanProductInput,
        response: { 200: envelope(loanProduct), ...problemResponses(400, 401, 403, 404, 409) },
      },
      adminOnly,
    ),
    async (request) => ok(await updateLoanProduct(app.db, request.user.id, request.params.id, request.body)),
  );

  app.patch(
    '/:id',
    docs(
      {
        description: 'Activa o desactiva el producto; 409 al desactivar el último producto activo.',
        params: idParams,
        body: loanProductActive,
        response: { 200: envelope(loanProduct), ...problemResponses(400, 401, 403, 404, 409) },
      },
      adminOnly,
    ),
    async (request) =>
      ok(await setLoanProductActive(app.db, request.user.id, request.params.id, request.body.active)),
  );
});
