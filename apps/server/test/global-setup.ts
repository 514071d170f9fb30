import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { fromPglite, fromPostgres, migrateDatabase, openPglite } from '../src/db/client.ts';
import { bootstrapDatabase } from '../src/bootstrap.ts';
import { databaseUrl, dropDatabase, onServer } from './postgres-server.ts';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplate: string | null;
    postgresTemplateName: string;
  }
}

/**
 * Migrates one template per run (initdb + migrations cost seconds and hundreds of MB), which each
 * test file then clones: a PGlite data-dir dump, and a PostgreSQL `CREATE DATABASE … TEMPLATE`.
 */
export default async function setup(project: TestProject) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ec-pglite-template-'));
  const templatePath = path.join(dir, 'template.tar');
  const client = await openPglite({});
  const database = fromPglite(client);
  await migrateDatabase(database);
  await bootstrapDatabase(database.db);
  const dump = await client.dumpDataDir('none');
  await fs.writeFile(templatePath, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('pgliteTemplatePath', templatePath);

  const url = process.env.TEST_DATABASE_URL;
  // One template per run, named for it: two runs on one PostgreSQL server (two worktrees, two CI jobs) never
  // drop each other's.
  const templateName = `ec_test_template_${crypto.randomBytes(4).toString('hex')}`;
  project.provide('postgresTemplate', url ?? null);
  project.provide('postgresTemplateName', templateName);
  if (url) {
    await onServer(url, `CREATE DATABASE ${templateName}`);
    const tmpl = fromPostgres(databaseUrl(url, templateName), 1);
    await migrateDatabase(tmpl);
    await bootstrapDatabase(tmpl.db);
    await tmpl.close();
  }

  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
    if (url) await dropDatabase(url, templateName);
  };
}
