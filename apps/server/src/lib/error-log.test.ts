import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { errorForLog, redactText } from './error-log.ts';

describe('errors bound for the log lose what they carried', () => {
  it("a failed query keeps its SQL and code, never its parameters (message, stack, cause's detail)", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "signups_email_unique"'), {
      code: '23505',
      severity: 'ERROR',
      detail: 'Key (email)=(ana@example.cl) already exists.',
      where: 'SQL statement "insert … ana@example.cl"',
    });
    const error = new DrizzleQueryError('insert into "signups" ("email", "message") values ($1, $2)', ['ana@example.cl', 'Llámame al +56 9 8765 4321'], cause);
    const logged = JSON.stringify(errorForLog(error));
    expect(logged).not.toMatch(/ana@example|8765|Llámame/);
    expect(errorForLog(error)).toMatchObject({
      type: 'Error',
      message: 'Failed query: insert into "signups" ("email", "message") values ($1, $2)',
      query: 'insert into "signups" ("email", "message") values ($1, $2)',
      cause: { code: '23505', severity: 'ERROR', message: expect.stringContaining('signups_email_unique') },
    });
    expect(String(errorForLog(error).stack)).toMatch(/^Error: Failed query: insert into .*\n\s+at /);
  });

  it('masks emails, token-like runs and phone-like numbers in any text, keeping names of tables and indexes', () => {
    const hash = 'b7bfc4d3f22571007afb2d7f43049f4b355c269127d35651d1b57087fe2967dc';
    expect(redactText(`token ${hash} of ana@example.cl, call +56 9 8765 4321 or 987654321`)).toBe(
      'token [token] of [email] call [número] or [número]',
    );
    expect(redactText('relation "contribution_photos_contribution_idx" on sub2categories_parent_slug_idx, limit 500')).toBe(
      'relation "contribution_photos_contribution_idx" on sub2categories_parent_slug_idx, limit 500',
    );
  });

  it('anything thrown that is not an Error is logged as redacted text', () => {
    expect(errorForLog('ana@example.cl')).toEqual({ type: 'string', message: '[email]', stack: '' });
  });
});
