import crypto from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from '@fastify/type-provider-zod';
import type { Env } from './config/env.ts';
import type { Database } from './db/client.ts';
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { webPlugin } from './plugins/web.ts';
import { requestLogSerializers } from './lib/request-log.ts';
import { errorForLog } from './lib/error-log.ts';
import { docsPlugin } from './plugins/docs.ts';
import { endpointTable } from './plugins/endpoint-table.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { apiCacheHeaders } from './plugins/cache-headers.ts';
import { authPlugin } from './plugins/auth.ts';
import { rateLimitsPlugin } from './plugins/rate-limits.ts';
import { createServices, type Services } from './services.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { additiveRoutes } from './modules/additives/additive.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { productsAdminRoutes } from './modules/products/products.routes.ts';
import { alternativesRoutes } from './modules/products/alternatives.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { signupRoutes } from './modules/signup/signup.routes.ts';
import { syncRoutes } from './modules/sync/sync.routes.ts';
import { contributionRoutes } from './modules/contributions/contributions.routes.ts';
import { historyRoutes } from './modules/history/history.routes.ts';
import { labelReadingRoutes } from './modules/label-reading/label-reading.routes.ts';
import { shareRoutes } from './modules/share/share.routes.ts';

export type AppDeps = {
  database: Database;
  env: Env;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyInstance {
    deps: AppDeps;
    /** The composition root's services (services.ts): main.ts starts their jobs, tests wait on them. */
    services: Services;
  }
}

/** The request log: never secrets or session tokens, and no one's IP address or email in clear; errors redacted. */
export const loggerOptions = (env: Env) => ({
  level: env.LOG_LEVEL,
  redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'], remove: true },
  // Errors lose what they carried: a failed query's parameters, a PostgreSQL error's detail (lib/error-log.ts).
  serializers: { ...requestLogSerializers, err: errorForLog, error: errorForLog },
});

/** Builds the whole application without listening, so tests can `inject` into it. */
export async function buildApp(deps: AppDeps, options: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(deps.env),
    trustProxy: trustProxyOption(deps.env.TRUST_PROXY),
    bodyLimit: 256 * 1024,
    frameworkErrors,
    clientErrorHandler,
    ...options,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  const services = createServices({ ...deps, log: app.log });
  app.decorate('services', services);
  app.addHook('onReady', async () => services.start());
  app.addHook('onClose', () => services.stop());

  await app.register(endpointTable);
  await app.register(errorsPlugin);
  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: deps.env.SECURE_COOKIES ? [] : null,
      },
    },
    hsts: deps.env.SECURE_COOKIES,
  });
  // Answers compressed on the way out (brotli or gzip, from 1 KB): a product's JSON is 5–6 KB raw, ~2 KB sent, and
  // phones on slow 4G feel each KB. Built assets are already compressed at build time (plugins/web.ts).
  // Compressed request bodies are not accepted: nothing sends them, and inflating them is a way to smuggle size.
  await app.register(compress, { globalDecompression: false });
  await app.register(apiCacheHeaders);
  await app.register(cookie, { secret: deps.env.COOKIE_SECRET ?? crypto.randomBytes(32).toString('hex') });
  await app.register(docsPlugin);

  await app.register(authPlugin, { sessions: services.sessions, env: deps.env });
  await app.register(rateLimitsPlugin, { limiter: services.limiter, perMinute: deps.env.RATE_LIMIT_PER_MINUTE });
  await app.register(healthRoutes, {
    database: deps.database,
    catalogue: services.sync.freshness,
    uploads: services.contributions.uploadsStatus,
  });
  await app.register(authRoutes, { auth: services.auth, env: deps.env });
  await app.register(catalogueRoutes, { catalogue: services.catalogueReads });
  await app.register(signupRoutes, { signup: services.signup, rateLimited: deps.env.RATE_LIMIT_PER_MINUTE > 0 });
  await app.register(contactRoutes, { messages: services.contact });
  await app.register(additiveRoutes, { service: services.additives });
  await app.register(productsAdminRoutes, { service: services.products });
  await app.register(alternativesRoutes, { alternatives: services.alternatives });
  await app.register(adminRoutes, { service: services.admin });
  await app.register(accountRoutes, { account: services.account });
  await app.register(searchRoutes, { search: services.search, shares: deps.env.RATE_LIMIT_PER_MINUTE > 0 });
  await app.register(syncRoutes, { sync: services.sync });
  await app.register(contributionRoutes, { service: services.contributions });
  await app.register(labelReadingRoutes, { reader: services.labelReader, perUserPerDay: deps.env.LABEL_READINGS_PER_USER_PER_DAY });
  await app.register(historyRoutes, { history: services.history });
  await app.register(shareRoutes, { share: services.share, limiter: services.limiter, limited: deps.env.RATE_LIMIT_PER_MINUTE > 0 });

  await app.register(webPlugin, { webDist: deps.env.WEB_DIST, shareMeta: (id) => services.share.metaTags(id) });
  return app;
}

/** TRUST_PROXY as Fastify takes it: a hop count becomes "trust the nearest n proxies". */
function trustProxyOption(trust: Env['TRUST_PROXY']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}
