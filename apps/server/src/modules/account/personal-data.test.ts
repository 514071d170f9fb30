import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { accountData, PERSONAL_DATA_KINDS } from '@etiqueta/contracts';
import * as schema from '../../db/schema.ts';
import { PERSONAL_TABLES } from './personal-data.ts';

/** Every table Drizzle knows, straight from the schema module: a table added tomorrow is in this list. */
const allTables = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable => is(value, PgTable));

/** A column that names a person: an email, or a reference to a user (user_id, actor_user_id, a foreign key). */
const PERSON_COLUMN = /(^|_)(email|user_id)$/;

function holdsPersonalData(table: PgTable): string[] {
  const config = getTableConfig(table);
  const reasons = config.columns.filter((c) => PERSON_COLUMN.test(c.name)).map((c) => `column ${c.name}`);
  for (const fk of config.foreignKeys) {
    if (fk.reference().foreignTable === schema.users) reasons.push(`foreign key to users (${fk.getName()})`);
  }
  if (table === schema.users) reasons.push('the accounts themselves');
  return reasons;
}

const name = (table: PgTable) => getTableConfig(table).name;

describe('personal data: every table that can name a person is exported and erased', () => {
  it('the schema has tables to check (the scan is not reading an empty list)', () => {
    expect(allTables.map(name)).toEqual(expect.arrayContaining(['users', 'sessions', 'products']));
  });

  it('each table with an email or user column is in PERSONAL_TABLES, and nothing else is', () => {
    const personal = allTables.filter((t) => holdsPersonalData(t).length > 0);
    const covered = new Set(PERSONAL_TABLES.map((entry) => entry.table));
    const missing = personal
      .filter((t) => !covered.has(t))
      .map((t) => `${name(t)} (${holdsPersonalData(t).join(', ')}): add it to PERSONAL_TABLES with its export and erasure`);
    expect(missing).toEqual([]);
    const stale = PERSONAL_TABLES.filter((entry) => !personal.includes(entry.table)).map((entry) => name(entry.table));
    expect(stale).toEqual([]);
  });

  it('each registered table has its place in the export and a text saying why and how long it is kept', () => {
    const kinds = PERSONAL_TABLES.map((entry) => entry.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
    expect([...kinds].sort()).toEqual(Object.keys(accountData.shape).sort());
    expect([...kinds].sort()).toEqual(Object.keys(PERSONAL_DATA_KINDS).sort());
  });

  it('the history (issue 16) is personal data: found by account, exported, deleted outright on erasure', () => {
    expect(holdsPersonalData(schema.historyEntries)).toContain('column user_id');
    const entry = PERSONAL_TABLES.find((e) => e.table === schema.historyEntries);
    expect(entry?.kind).toBe('history');
    expect(entry?.erase).toBe('delete');
    // Erased before the account it points at (the registry's order is the erase order).
    const order = PERSONAL_TABLES.map((e) => e.kind);
    expect(order.indexOf('history')).toBeLessThan(order.indexOf('profile'));
  });

  it('each registered table finds the rows of a person with an account (none is silently skipped)', () => {
    const subject = { email: 'ana@example.cl', userId: 7, signupIds: [3] };
    for (const entry of PERSONAL_TABLES) expect(entry.owned(subject), name(entry.table)).not.toBeNull();
  });
});
