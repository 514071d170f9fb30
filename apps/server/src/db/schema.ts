/**
 * The database schema, as drizzle reads it: the client's relational schema (`import * as schema`, client.ts) and
 * drizzle-kit's input for migrations (drizzle.config.ts). The tables live in schema/ by group: the catalogue,
 * people, contributions (with the outbox to Open Food Facts) and the app's own running records.
 */
export * from './schema/catalogue.ts';
export * from './schema/people.ts';
export * from './schema/contributions.ts';
export * from './schema/operations.ts';
