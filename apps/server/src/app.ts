import { LIST_COUNT_CAP } from '@prestaya/contracts';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type BusinessClock, businessClock, systemNow } from './clock.ts';
import type { AppConfig, LoadedConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { loggerOptions } from './logger.ts';
import { agentsRoutes } from './modules/agents/routes.ts';
import { amlRoutes } from './modules/aml/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { sharedJwtSecret } from './modules/auth/jwt-secret.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { backupsRoutes } from './modules/backups/routes.ts';
import { bankAccountsRoutes } from './modules/bank-accounts/routes.ts';
import { cashCloseRoutes } from './modules/cash-close/routes.ts';
import { collectionsRoutes } from './modules/collections/routes.ts';
import {
  contractSettingsRoutes,
  contractTemplatesRoutes,
  loanContractRoutes,
} from './modules/contract-documents/routes.ts';
import { customerDocumentsRoutes } from './modules/customer-documents/routes.ts';
import { customersRoutes } from './modules/customers/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { expedienteRoutes, identitySettingsRoutes } from './modules/identity/routes.ts';
import { importsRoutes } from './modules/imports/routes.ts';
import { loanProductsRoutes } from './modules/loan-products/routes.ts';
import { customerLoansRoutes, loansRoutes } from './modules/loans/routes.ts';
import { paymentRequestsRoutes } from './modules/payment-requests/routes.ts';
import { loanPaymentsRoutes, paymentsRoutes } from './modules/payments/routes.ts';
import { publicRoutes } from './modules/public/routes.ts';
import { reconciliationRoutes } from './modules/reconciliation/routes.ts';
import { reportsRoutes } from './modules/reports/routes.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { usersRoutes } from './modules/users/routes.ts';
import { customerVisitsRoutes, loanVisitsRoutes } from './modules/visits/routes.ts';
import { loanWriteOffRoutes, writeOffsRoutes } from './modules/write-offs/routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { clientErrorHandler, nodeLevelProblemsPlugin } from './plugins/client-errors.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { connectionsPlugin } from './plugins/connections.ts';
import { databasePlugin } from './plugins/database.ts';
import { apiDocsPlugin } from './plugins/docs.ts';
import { errorHandlerPlugin, frameworkErrors } from './plugins/errors.ts';
import { jsonBodyPlugin } from './plugins/json-body.ts';
import { LOAD_SHEDDING, type LoadSheddingOptions, loadSheddingPlugin } from './plugins/load-shedding.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { securityHeadersPlugin } from './plugins/security.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import { imageReencoder } from './uploads/images.ts';
import { UploadSlots, type Uploads } from './uploads/in-flight.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The loaded runtime configuration (docs/architecture.md "Runtime contract"). */
    config: AppConfig;
    /** The current instant: the system clock, or the one a test injects (BuildAppOptions.now). */
    now: () => Date;
    /** Today in TZ_BUSINESS (config.businessTimeZone), on the same instant source as `now`. */
    businessClock: BusinessClock;
    /** The most rows a paged list counts for its total (db/paging.ts); tests lower it. */
    listCountCap: number;
    /** Upload slots and the image re-encoder (uploads/): per process, bounding its memory. */
    uploads: Uploads;
  }
  interface FastifyContextConfig {
    /** Routes under /api/v1 require a signed-in user unless they set this (login, register). */
    anonymous?: boolean;
  }
}

export interface BuildAppOptions {
  /** Without a JWT secret, the database's shared one is used (the migrations must have run). */
  config: LoadedConfig;
  database: Database;
  /** Defaults to pino at config.logLevel with credential redaction; tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** Defaults to config.loginRateLimit; tests lower it. */
  loginRateLimit?: AppConfig['loginRateLimit'];
  /**
   * The one instant source: session tokens, PIN lockouts and the business day (app.businessClock).
   * Defaults to the system clock; only tests pass one, to move time or stop it at a chosen instant.
   */
  now?: () => Date;
  /** Defaults to config.connections' request timeout, checked every second; tests shorten them. */
  timeouts?: { requestMs: number; checkIntervalMs: number };
  /**
   * Defaults to LOAD_SHEDDING on PostgreSQL and off on PGlite, whose queries run on the event loop
   * itself: there a lagging loop means the database is working, not that requests pile up. A test
   * passes a tight threshold to see a saturated loop shed requests.
   */
  loadShedding?: LoadSheddingOptions | false;
  /** Defaults to LIST_COUNT_CAP; tests lower it to see a capped total with a handful of rows. */
  listCountCap?: number;
}

/**
 * How often Node looks for requests past their headers or request timeout: a trickling client is cut
 * at most this long after its bound (Node's own 30 s would let a 15 s bound hold 45 s).
 */
const CONNECTIONS_CHECK_INTERVAL_MS = 1000;

/** Builds the whole application without listening: server.ts listens, tests use app.inject. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { database } = options;
  const config: AppConfig = {
    ...options.config,
    jwtSecret: options.config.jwtSecret ?? (await sharedJwtSecret(database.db, options.config.dataDir)),
  };
  const limits = config.connections;
  const timeouts = options.timeouts ?? {
    requestMs: limits.requestTimeoutMs,
    checkIntervalMs: CONNECTIONS_CHECK_INTERVAL_MS,
  };
  // Node refuses a headers timeout above the request timeout.
  const headersTimeout = Math.min(limits.headersTimeoutMs, timeouts.requestMs);
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // `/api/v1/users` and `/api/v1/users/` are the same resource (and the OpenAPI path has no slash).
    routerOptions: { ignoreTrailingSlash: true },
    // Router errors (bad percent escapes, over-long parameters) become problem+json too.
    frameworkErrors,
    // Parser refusals (bad request line, chunking, 20 KB headers, timeouts) become problem+json too.
    clientErrorHandler,
    // Bounds on how long a client may hold a connection (docs/reliability.md "Connections").
    requestTimeout: timeouts.requestMs,
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    maxRequestsPerSocket: limits.maxRequestsPerSocket,
    // Node would answer a Host-less HTTP/1.1 request itself with an empty 400 (client-errors.ts).
    http: {
      requireHostHeader: false,
      headersTimeout,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
    // A request arriving while the server drains gets client-errors.ts's 503 problem instead.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('config', config);
  const now = options.now ?? systemNow;
  app.decorate('now', now);
  app.decorate('businessClock', businessClock(config.businessTimeZone, now));
  app.decorate('listCountCap', options.listCountCap ?? LIST_COUNT_CAP);
  app.decorate('uploads', {
    slots: new UploadSlots(config.uploads),
    images: imageReencoder({ maxPixels: config.uploads.maxImagePixels }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(connectionsPlugin, limits);
  await app.register(jsonBodyPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(nodeLevelProblemsPlugin);

  await app.register(databasePlugin, { db: database.db, queued: database.kind === 'pglite' });
  const loadShedding = options.loadShedding ?? (database.kind === 'pg' ? LOAD_SHEDDING : false);
  if (loadShedding) await app.register(loadSheddingPlugin, loadShedding);
  await app.register(metricsPlugin, { database, token: config.metricsToken, trustProxy: config.trustProxy });
  await app.register(securityHeadersPlugin);
  await app.register(compressionPlugin);
  await app.register(rateLimitPlugin, { db: database.db });
  await app.register(authPlugin, { secret: config.jwtSecret });
  await app.register(apiDocsPlugin);

  await app.register(healthRoutes);
  await app.register(
    async (api) => {
      // Secure by default: every /api/v1 route needs a valid session unless it opts out.
      api.addHook('onRequest', async (request) => {
        if (request.routeOptions.config.anonymous) return;
        await api.authenticate(request);
      });
      await api.register(authRoutes, {
        prefix: '/auth',
        loginRateLimit: options.loginRateLimit ?? config.loginRateLimit,
      });
      await api.register(usersRoutes, { prefix: '/users' });
      await api.register(agentsRoutes, { prefix: '/agents' });
      await api.register(customersRoutes, { prefix: '/customers' });
      await api.register(customerDocumentsRoutes, { prefix: '/customers/:id/documents' });
      await api.register(expedienteRoutes, { prefix: '/customers/:id/expediente' });
      await api.register(identitySettingsRoutes, { prefix: '/identity-settings' });
      await api.register(bankAccountsRoutes, { prefix: '/bank-accounts' });
      await api.register(loansRoutes, { prefix: '/loans' });
      await api.register(loanProductsRoutes, { prefix: '/loan-products' });
      await api.register(customerLoansRoutes, { prefix: '/customers/:id/loans' });
      await api.register(loanPaymentsRoutes, { prefix: '/loans/:id' });
      await api.register(loanVisitsRoutes, { prefix: '/loans/:id/visits' });
      await api.register(customerVisitsRoutes, { prefix: '/customers/:id/visits' });
      await api.register(paymentsRoutes, { prefix: '/payments' });
      await api.register(paymentRequestsRoutes);
      await api.register(collectionsRoutes, { prefix: '/collections' });
      await api.register(cashCloseRoutes, { prefix: '/cash-close' });
      await api.register(reportsRoutes, { prefix: '/reports' });
      await api.register(auditRoutes, { prefix: '/audit' });
      await api.register(backupsRoutes, { prefix: '/backups', database });
      await api.register(settingsRoutes, { prefix: '/settings' });
      await api.register(loanWriteOffRoutes, { prefix: '/loans/:id/write-off' });
      await api.register(writeOffsRoutes, { prefix: '/write-offs' });
      await api.register(importsRoutes, { prefix: '/imports' });
      await api.register(amlRoutes, { prefix: '/aml' });
      await api.register(loanContractRoutes, { prefix: '/loans/:id' });
      await api.register(contractTemplatesRoutes, { prefix: '/contract-templates' });
      await api.register(contractSettingsRoutes, { prefix: '/settings/contracts' });
      await api.register(reconciliationRoutes, { prefix: '/reconciliation' });
    },
    { prefix: '/api/v1' },
  );
  await app.register(publicRoutes, { prefix: '/public/api/v1' });

  await app.register(webAppPlugin, { webDist: config.webDist });
  return app;
}
