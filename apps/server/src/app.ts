import crypto from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from '@fastify/type-provider-zod';
import type { Env } from './config/env.ts';
import type { Database } from './db/client.ts';
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { webPlugin } from './plugins/web.ts';
import { docsPlugin } from './plugins/docs.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { cacheSessions, SESSION_CACHE_TTL_MS } from './modules/auth/session.repository.ts';
import { createCatalogueEvents, type CatalogueEvents } from './lib/catalogue-events.ts';
import { createAdditiveMatcherService } from './modules/additives/additive-matcher.service.ts';
import { createRescoreService } from './modules/products/product-rescore.service.ts';
import {
  createProductDetails,
  createProductPageStore,
  type ProductDetails,
} from './modules/products/product-detail.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { signupRoutes } from './modules/signup/signup.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { additiveRoutes } from './modules/additives/additive.routes.ts';
import { productsAdminRoutes } from './modules/products/products.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { syncRoutes } from './modules/sync/sync.routes.ts';

export type AppDeps = {
  database: Database;
  env: Env;
};

/** Services every module shares, created once per app. */
export type AppServices = {
  events: CatalogueEvents;
  matcher: ReturnType<typeof createAdditiveMatcherService>;
  rescore: ReturnType<typeof createRescoreService>;
  productDetails: ProductDetails;
  productPages: ReturnType<typeof createProductPageStore>;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyInstance {
    deps: AppDeps;
    services: AppServices;
  }
}

/** Builds the whole application without listening, so tests can `inject` into it. */
export async function buildApp(deps: AppDeps, options: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: deps.env.LOG_LEVEL,
      // Never log secrets or session tokens.
      redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'], remove: true },
    },
    trustProxy: trustProxyOption(deps.env.TRUST_PROXY),
    bodyLimit: 256 * 1024,
    frameworkErrors,
    clientErrorHandler,
    ...options,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  cacheSessions(deps.database.db, SESSION_CACHE_TTL_MS[deps.database.kind]);
  const events = createCatalogueEvents();
  const matcher = createAdditiveMatcherService(deps.database.db);
  const rescore = createRescoreService({ db: deps.database.db, matcher, events, log: app.log });
  const productDetails = createProductDetails(deps.database.db, events);
  const productPages = createProductPageStore({
    details: productDetails,
    events,
    log: app.log,
    inMemory: deps.database.kind === 'pglite',
  });
  app.decorate('services', { events, matcher, rescore, productDetails, productPages } satisfies AppServices);
  app.addHook('onReady', async () => productPages.start());
  app.addHook('onClose', () => productPages.stop());
  app.addHook('onClose', () => rescore.idle());

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
  await app.register(cookie, { secret: deps.env.COOKIE_SECRET ?? crypto.randomBytes(32).toString('hex') });
  await app.register(rateLimit, { global: false });
  await app.register(docsPlugin);

  await app.register(authPlugin);
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(catalogueRoutes);
  await app.register(signupRoutes);
  await app.register(contactRoutes);
  await app.register(additiveRoutes);
  await app.register(productsAdminRoutes);
  await app.register(adminRoutes);
  await app.register(searchRoutes);
  await app.register(syncRoutes);

  await app.register(webPlugin, { webDist: deps.env.WEB_DIST });
  return app;
}

/** TRUST_PROXY as Fastify takes it: a hop count becomes "trust the nearest n proxies". */
function trustProxyOption(trust: Env['TRUST_PROXY']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}
