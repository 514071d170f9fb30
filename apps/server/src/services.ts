import type { FastifyBaseLogger } from 'fastify';
import { publicUrl, uploadsDir, type Env } from './config/env.ts';
import type { Database } from './db/client.ts';
import { createCatalogueWrites } from './lib/catalogue-writes.ts';
import { createAdditiveMatcherService } from './modules/additives/additive-matcher.service.ts';
import { createAccountService } from './modules/account/account.service.ts';
import { createAdditiveRepository } from './modules/additives/additive.repository.ts';
import { createAdditiveService } from './modules/additives/additive.service.ts';
import { createAccountRepository } from './modules/account/account.repository.ts';
import { createAdminRepository } from './modules/admin/admin.repository.ts';
import { createAdminService } from './modules/admin/admin.service.ts';
import { createLoginCodeRepository } from './modules/auth/login-code.repository.ts';
import { createUserRepository } from './modules/auth/user.repository.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createSessionRepository, SESSION_CACHE_TTL_MS } from './modules/auth/session.repository.ts';
import { createCatalogueRepository } from './modules/catalogue/catalogue.repository.ts';
import { createCatalogueService } from './modules/catalogue/catalogue.service.ts';
import { createContactRepository } from './modules/contact/contact.repository.ts';
import { createContactService } from './modules/contact/contact.service.ts';
import { createMailer, outboxDirOf } from './modules/mail/mailer.ts';
import { createContributionRepository } from './modules/contributions/contribution.repository.ts';
import { createContributionsService } from './modules/contributions/contributions.service.ts';
import { createDatabasePhotoStore, createFolderPhotoStore } from './modules/contributions/photo-store.ts';
import { createProductDetails } from './modules/products/product-detail.ts';
import { createProductPageStore } from './modules/products/product-page-store.ts';
import { createRescoreService } from './modules/products/product-rescore.service.ts';
import { createProductRepository } from './modules/products/product.repository.ts';
import { createAlternativesRepository } from './modules/products/alternatives.repository.ts';
import { createAlternativesService } from './modules/products/alternatives.service.ts';
import { createProductsService } from './modules/products/products.service.ts';
import { createHistoryRepository } from './modules/history/history.repository.ts';
import { createHistoryService } from './modules/history/history.service.ts';
import { createLabelReader } from './modules/label-reading/label-reader.service.ts';
import { createRetentionService } from './modules/retention/retention.service.ts';
import { defaultSearchOptions } from './modules/search/search-index-keeper.ts';
import { createSearchRepository } from './modules/search/search.repository.ts';
import { createSearchService } from './modules/search/search.service.ts';
import { createSignupRepository } from './modules/signup/signup.repository.ts';
import { createSignupService } from './modules/signup/signup.service.ts';
import { createSyncAdminService } from './modules/sync/sync-admin.service.ts';
import { createSyncRepository } from './modules/sync/sync.repository.ts';
import { createCatalogueImportRepository } from './modules/catalogue-import/catalogue-import.repository.ts';
import { createOffLiveLookup } from './modules/catalogue-import/off-live-lookup.ts';
import { createOffOutboxRepository } from './modules/off/off-outbox.repository.ts';
import { createOffWriter } from './modules/off/off-write.service.ts';
import { createLimitsRepository } from './modules/limits/limits.repository.ts';
import { createSharedLimiter } from './modules/limits/limits.service.ts';
import { createShareService } from './modules/share/share.service.ts';

export type ServiceDeps = { database: Database; env: Env; log: FastifyBaseLogger };

export type Services = ReturnType<typeof createServices>;

/**
 * The composition root: every service of the app, built once from the database, the settings and the logger,
 * with what each needs passed in. Route plugins receive the services they use (app.ts); `start` runs the
 * background work every app needs once it is ready, `startJobs` the server process's own jobs (main.ts), and
 * `stop` ends both before the database closes.
 */
export function createServices({ database, env, log }: ServiceDeps) {
  const { db } = database;

  /** One limiter for every process on the database: rate limits, the OFF read budget (ADR 021). */
  const limiter = createSharedLimiter(createLimitsRepository(db));
  const catalogue = createCatalogueWrites(db);
  // Every repository once: the services share them (the sessions' cache among them).
  const sessions = createSessionRepository(db, { cacheTtlMs: SESSION_CACHE_TTL_MS[database.kind] });
  const users = createUserRepository(db);
  const loginCodes = createLoginCodeRepository(db);
  const signups = createSignupRepository(db);
  const contactRepository = createContactRepository(db);
  const historyRepository = createHistoryRepository(db);
  const additiveRepository = createAdditiveRepository(db);
  const productRepository = createProductRepository(db);
  const catalogueRepository = createCatalogueRepository(db);
  const catalogueImport = createCatalogueImportRepository(database);
  const matcher = createAdditiveMatcherService(additiveRepository);
  const rescore = createRescoreService({ repo: productRepository, catalogue, matcher, log });
  const productDetails = createProductDetails(
    productRepository,
    catalogueRepository.taxonomyNames,
    catalogue,
    additiveRepository.details,
  );
  const productPages = createProductPageStore({
    details: productDetails,
    events: catalogue,
    log,
    folder: database.kind === 'pglite' ? env.DATA_DIR : null,
  });
  const outboxDir = outboxDirOf(env.DATA_DIR);
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir, log });
  const offLookup = env.OFF_LIVE_LOOKUP
    ? createOffLiveLookup({
        repo: catalogueImport,
        catalogue,
        matcher,
        log,
        limiter,
        baseUrl: env.OFF_BASE_URL,
        userAgent: env.OFF_USER_AGENT,
        perMinute: env.OFF_LOOKUP_PER_MINUTE,
        timeoutMs: env.OFF_LOOKUP_TIMEOUT_MS,
        missTtlMs: env.OFF_LOOKUP_MISS_HOURS * 3_600_000,
      })
    : null;
  // PostgreSQL keeps the photos itself (any process serves any photo); PGlite, one process, the folder.
  const photos = database.kind === 'postgres' ? createDatabasePhotoStore(db) : createFolderPhotoStore(uploadsDir(env));
  /** Approved, consented contributions to Open Food Facts through the outbox (issue 25, ADR 025). */
  const offWriter = createOffWriter({
    repo: createOffOutboxRepository(db),
    config: {
      user: env.OFF_WRITE_USER,
      password: env.OFF_WRITE_PASSWORD,
      url: env.OFF_WRITE_URL,
      userAgent: env.OFF_USER_AGENT,
      perMinute: env.OFF_WRITE_PER_MINUTE,
    },
    limiter,
    photos,
    log,
  });
  const contributions = createContributionsService({
    repo: createContributionRepository(db),
    products: productRepository,
    details: productDetails,
    catalogue,
    photos,
    matcher,
    limits: { perUserPerDay: env.CONTRIBUTIONS_PER_USER_PER_DAY, perIpPerDay: env.CONTRIBUTIONS_PER_IP_PER_DAY },
    trustAfter: env.CONTRIBUTIONS_TRUST_AFTER,
    offWriter,
  });
  const account = createAccountService(createAccountRepository(db, sessions), { outboxDir, photos });
  const retention = createRetentionService({ codes: loginCodes, signups, sessions, contact: contactRepository, history: historyRepository }, {
    outboxDir,
    log,
    limiter,
    jobs: {
      purgeContributions: (now) => contributions.purgeExpired(now),
      sweepOrphanPhotos: contributions.sweepOrphanPhotos,
      finishErasures: () => account.finishErasures(),
      releaseTrustedToOff: (now) => contributions.releaseTrusted(now),
    },
  });
  const search = createSearchService({ repository: createSearchRepository(productRepository), events: catalogue, log, options: defaultSearchOptions(database.kind), offLookup });
  const sync = createSyncAdminService({
    parts: { runs: createSyncRepository(database), imports: catalogueImport, additives: additiveRepository, catalogue },
    env,
    log,
  });
  const labelReader = createLabelReader({
    workers: env.LABEL_READER_PROCESSES,
    queue: env.LABEL_READER_QUEUE,
    idleMs: env.LABEL_READER_IDLE_SECONDS * 1000,
    timeoutMs: 30_000,
  });

  return {
    limiter,
    catalogue,
    matcher,
    rescore,
    productDetails,
    productPages,
    search,
    sync,
    sessions,
    auth: createAuthService({ users, sessions, codes: loginCodes, signups }, {
      sessionTtlDays: env.SESSION_TTL_DAYS,
      mailer,
      limiter,
      secret: env.COOKIE_SECRET,
      mailLimit: env.RATE_LIMIT_PER_MINUTE > 0,
      betaSpots: env.BETA_SPOTS,
    }),
    signup: createSignupService(signups, { betaSpots: env.BETA_SPOTS }),
    contact: createContactService(contactRepository),
    admin: createAdminService(createAdminRepository(db, sessions)),
    account,
    history: createHistoryService(historyRepository),
    /**
     * Personal data past its time purged, orphan photos swept and interrupted erasures finished, at start and
     * hourly: `startJobs` starts it, tests call `runOnce`.
     */
    retention,
    additives: createAdditiveService({ repo: additiveRepository, matcher, rescore, catalogue }),
    products: createProductsService({ repo: productRepository, catalogue, matcher, details: productDetails }),
    alternatives: createAlternativesService({ repo: createAlternativesRepository(db), events: catalogue }),
    catalogueReads: createCatalogueService(catalogueRepository, productRepository, catalogue, productPages, search),
    contributions,
    offWriter,
    /** A shared product's link: its meta, the signed-out hint and the card image (issue 30 item 3). */
    share: createShareService({ pages: productPages, publicUrl: publicUrl(env) }),

    /** Reads label photos in OCR processes started on demand (ADR 020). */
    labelReader,

    /** Background work that needs the app ready: the product pages' file (PGlite) and the search index. */
    start(): void {
      productPages.start();
      search.start();
      void sync.watchFreshness();
    },
    /**
     * The server process's own jobs, started once it listens (main.ts); tests and the e2e server build the app
     * without them: the sync schedule (on unless SYNC_ENABLED=false), the hourly retention job, the sender of the
     * outbox to Open Food Facts (when OFF_WRITE_USER is set), and a re-score
     * of the stored products when the start's seed changed the additive catalogue (levels, names or reasons).
     */
    async startJobs({ additivesChanged }: { additivesChanged: boolean }): Promise<void> {
      await sync.startScheduler();
      retention.start();
      offWriter.start();
      if (additivesChanged) rescore.schedule();
    },
    async stop(): Promise<void> {
      retention.stop();
      await offWriter.stop();
      await sync.close();
      await labelReader.close();
      await search.stop();
      await productPages.stop();
      await rescore.idle();
      mailer.close();
    },
  };
}
