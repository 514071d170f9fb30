/**
 * The shape of the personal-data registry (personal-data.ts): whose data a request is about, and what each table
 * that holds people's data says of it — the subject's rows, what they see of them, how they are erased.
 */
import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AccountData, PersonalDataKind } from '@etiqueta/contracts';
import type { Db } from '../../db/client.ts';

/** Whose data: found by the email they gave us, and by their account when they have one. */
export type Subject = { email: string; userId: number | null; signupIds: number[] };

/**
 * One table that holds people's data: which of its rows are a person's, what they see of them (the export,
 * Mi cuenta) and how they are erased. Account export and deletion walk this list and nothing else, and
 * `personal-data.test.ts` compares it with the schema: a table with an email or user column that is not
 * here fails the test, so a new table cannot be forgotten.
 */
export type PersonalTable<K extends PersonalDataKind = PersonalDataKind> = {
  kind: K;
  table: PgTable;
  /** The subject's rows, or null when the subject cannot have any (no account, say). */
  owned: (s: Subject) => SQL | null;
  view: (db: Db, where: SQL, s: Subject) => Promise<AccountData[K]>;
  /** What the person sees when they have no rows here. */
  none: AccountData[K];
  /**
   * 'delete' removes the rows; a function anonymises them instead (it gets the opaque id that replaces the person),
   * and returns the photo files of rows it deleted, removed once the erasure has committed.
   */
  erase: 'delete' | ((tx: Db, s: Subject, opaqueId: string) => Promise<string[] | void>);
};

export const iso = (d: Date | null) => (d ? d.toISOString() : null);
export const isoNow = (d: Date) => d.toISOString();

export const byUser = (column: PgColumn) => (s: Subject) => (s.userId === null ? null : eq(column, s.userId));
