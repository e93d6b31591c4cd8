import { envelope, portfolioReport, reportRangeQuery, weeklyPaymentsReport } from '@prestaya/contracts';
import { ok, problemResponses, taggedRoutes } from '../../http/responses.ts';
import { portfolioReport as buildPortfolioReport } from './portfolio.ts';
import { weeklyPaymentsReport as buildWeeklyPaymentsReport } from './weekly-payments.ts';

/**
 * /api/v1/reports — weekly payments and portfolio figures, for every signed-in user: an
 * administrator gets the whole business, an agent the portfolio of the customers assigned to them.
 */
export const reportsRoutes = taggedRoutes('reports', async (app, docs) => {
  const timeZone = app.config.businessTimeZone;

  app.get(
    '/weekly-payments',
    docs({
      description:
        'Cobranza confirmada por día hábil (zona TZ_BUSINESS) entre `from` y `to` (AAAA-MM-DD, ' +
        'ambos incluidos, máximo 366 días): pagos PAID por el día de su confirmación, separados en ' +
        'pagos de cuotas y multas; pagos en validación ahora; préstamos entregados en el rango. ' +
        'Un agente recibe solo su cartera (scope AGENT), un administrador todo (scope ALL).',
      querystring: reportRangeQuery,
      response: { 200: envelope(weeklyPaymentsReport), ...problemResponses(400, 401) },
    }),
    async (request) => ok(await buildWeeklyPaymentsReport(app.db, request.user, request.query, { timeZone })),
  );

  app.get(
    '/portfolio',
    docs({
      description:
        'Cartera al día de hoy (zona TZ_BUSINESS): préstamos activos y atrasados, saldo y capital ' +
        'pendiente, efectivo en cuentas (solo administradores), PAR 1/7/30 (capital pendiente de los ' +
        'préstamos con más de X días de atraso ÷ capital pendiente total) y préstamos por días de ' +
        'atraso (1–7, 8–30, 31–60, 61+).',
      response: { 200: envelope(portfolioReport), ...problemResponses(401) },
    }),
    async (request) => ok(await buildPortfolioReport(app.db, request.user, app.businessClock.today())),
  );
});
