import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES, loadEnv, publicUrl, repoRoot, uploadsDir, type Env } from './env.ts';

/** Set by npm itself (the folder a command was typed in), not by an operator. */
const NOT_SETTINGS = new Set<string>(['INIT_CWD']);

type Value = string | number | boolean | string[] | undefined;

/** What `npm start` gets with no variable set: every default, pinned. */
const DEFAULTS: Record<keyof Env, Value> = {
  HOST: '0.0.0.0',
  PORT: 3000,
  LOG_LEVEL: 'info',
  DATABASE_URL: undefined,
  DATA_DIR: path.join(repoRoot, 'var/db'),
  UPLOADS_DIR: undefined,
  CONTRIBUTIONS_PER_USER_PER_DAY: 10,
  CONTRIBUTIONS_PER_IP_PER_DAY: 30,
  CONTRIBUTIONS_TRUST_AFTER: 5,
  LABEL_READINGS_PER_USER_PER_DAY: 40,
  LABEL_READER_PROCESSES: 2,
  LABEL_READER_QUEUE: 4,
  LABEL_READER_IDLE_SECONDS: 60,
  WEB_DIST: path.join(repoRoot, 'apps/web/dist'),
  PUBLIC_URL: undefined,
  COOKIE_SECRET: undefined,
  SECURE_COOKIES: false,
  TRUST_PROXY: false,
  SESSION_TTL_DAYS: 30,
  SMTP_URL: undefined,
  MAIL_FROM: 'Etiqueta Clara <no-responder@etiquetaclara.cl>',
  BETA_SPOTS: 20,
  RATE_LIMIT_PER_MINUTE: 10,
  ALLOWED_ORIGINS: [],
  DATA_LAKE_SOURCE: 'off',
  OFF_BASE_URL: 'https://world.openfoodfacts.org',
  OFF_EXPORT_URL: 'https://static.openfoodfacts.org/data/openfoodfacts-products.jsonl.gz',
  OFF_DELTA_URL: 'https://static.openfoodfacts.org/data/delta/',
  INIT_CWD: undefined,
  OFF_USER_AGENT: 'EtiquetaClara/1.0 (contacto@etiquetaclara.cl)',
  OFF_LIVE_LOOKUP: true,
  OFF_LOOKUP_PER_MINUTE: 12,
  OFF_LOOKUP_TIMEOUT_MS: 8000,
  OFF_LOOKUP_MISS_HOURS: 6,
  OFF_WRITE_USER: undefined,
  OFF_WRITE_PASSWORD: undefined,
  OFF_WRITE_URL: 'https://world.openfoodfacts.org',
  OFF_WRITE_PER_MINUTE: 30,
  SYNC_ENABLED: true,
  SYNC_INCREMENTAL_MINUTES: 60,
  SYNC_FULL_HOURS: 168,
};

/** The README's configuration table: variable → its "default" cell. */
function readmeDefaults(): Map<string, string> {
  const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const table = readme.slice(readme.indexOf('| variable | default | meaning |'));
  const rows = new Map<string, string>();
  for (const line of table.split('\n').slice(2)) {
    if (!line.startsWith('|')) break;
    const [name = '', defaultCell = ''] = line.split('|').slice(1).map((c) => c.trim());
    rows.set(name.replace(/`/g, ''), defaultCell);
  }
  return rows;
}

/** A default as the README writes it: the value in backticks (paths from the repository's root). */
function asWritten(name: string, value: Value): string | null {
  // Unset, the photos go inside the data folder (the first test checks `uploadsDir`).
  if (name === 'UPLOADS_DIR') return '`DATA_DIR/uploads`';
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return null;
  const text = String(value);
  return `\`${name === 'DATA_DIR' || name === 'WEB_DIST' ? path.relative(repoRoot, text) : text}\``;
}

describe('the configuration: every default in code, in the README and in docs/ agree', () => {
  it('with no variable set, every setting takes its documented default (switches included: unset is not "off")', () => {
    expect(loadEnv({})).toEqual(Object.fromEntries(Object.entries(DEFAULTS).filter(([, v]) => v !== undefined)));
    expect(Object.keys(DEFAULTS).sort()).toEqual([...ENV_VARIABLES].sort());
    expect(uploadsDir(loadEnv({}))).toBe(path.join(repoRoot, 'var/db/uploads'));
  });

  it('PUBLIC_URL is an http(s) origin (a trailing slash dropped); unset, this machine at PORT', () => {
    expect(publicUrl(loadEnv({}))).toBe('http://localhost:3000');
    expect(publicUrl(loadEnv({ PORT: '3421' }))).toBe('http://localhost:3421');
    expect(publicUrl(loadEnv({ PUBLIC_URL: 'https://etiquetaclara.cl/' }))).toBe('https://etiquetaclara.cl');
    expect(publicUrl(loadEnv({ PUBLIC_URL: 'https://etiquetaclara.cl:8443' }))).toBe('https://etiquetaclara.cl:8443');
    for (const bad of ['etiquetaclara.cl', 'ftp://etiquetaclara.cl', 'https://etiquetaclara.cl/app', 'https://x.cl/?a=1', 'javascript:alert(1)']) {
      expect(() => loadEnv({ PUBLIC_URL: bad }), bad).toThrow('PUBLIC_URL');
    }
  });

  it.each([
    ['SYNC_ENABLED', true],
    ['OFF_LIVE_LOOKUP', true],
    ['SECURE_COOKIES', false],
  ] as const)('the switch %s is %s when unset, and false only for false or 0', (name, unset) => {
    expect(loadEnv({})[name]).toBe(unset);
    for (const off of ['false', '0']) expect(loadEnv({ [name]: off })[name]).toBe(false);
    for (const on of ['true', '1']) expect(loadEnv({ [name]: on })[name]).toBe(true);
    // An empty variable is unset, as in most tools.
    expect(loadEnv({ [name]: '' })[name]).toBe(unset);
    expect(() => loadEnv({ [name]: 'yes' })).toThrow(name);
  });

  it('an Open Food Facts account is both its user and its password: one without the other stops the start, naming the missing one', () => {
    expect(() => loadEnv({ OFF_WRITE_USER: 'etiqueta-clara' })).toThrow(/OFF_WRITE_PASSWORD: required when OFF_WRITE_USER is set/);
    expect(() => loadEnv({ OFF_WRITE_PASSWORD: 'x' })).toThrow(/OFF_WRITE_USER: required when OFF_WRITE_PASSWORD is set/);
    expect(loadEnv({ OFF_WRITE_USER: 'etiqueta-clara', OFF_WRITE_PASSWORD: 'x' })).toMatchObject({ OFF_WRITE_USER: 'etiqueta-clara' });
  });

  it("the README's table lists every variable the server reads, and no other, each with the default the code has", () => {
    const rows = readmeDefaults();
    const settings = ENV_VARIABLES.filter((name) => !NOT_SETTINGS.has(name));
    expect([...rows.keys()].sort()).toEqual([...settings].sort());
    for (const name of settings) {
      const written = asWritten(name, DEFAULTS[name]);
      const cell = rows.get(name) ?? '';
      if (written === null) expect(cell, name).not.toMatch(/^`/);
      else expect(cell, name).toBe(written);
    }
  });

  it('docs/ gives the same default wherever it names one ("`VAR` (60)", "`VAR` (default `x`)")', () => {
    const docs = fs.readdirSync(path.join(repoRoot, 'docs'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md'));
    const mentions: string[] = [];
    for (const file of docs) {
      const text = fs.readFileSync(path.join(repoRoot, 'docs', file), 'utf8');
      for (const match of text.matchAll(/`([A-Z][A-Z0-9_]+)` \((?:default )?`?([^,;)`]+)`?/g)) {
        const [, name = '', said = ''] = match;
        if (!(name in DEFAULTS) || DEFAULTS[name as keyof Env] === undefined) continue;
        const setting = DEFAULTS[name as keyof Env];
        // Folders are written from the repository's root, as in the README.
        const value = name === 'DATA_DIR' || name === 'WEB_DIST' ? path.relative(repoRoot, String(setting)) : setting;
        // "8 s" for a value in milliseconds, "6 h" for hours: the number is what must agree.
        const number = /^(\d+(?:[.,]\d+)?)(?: (s|h|min))?$/.exec(said.trim());
        const comparable = number ? Number(number[1]!.replace(',', '.')) * (number[2] === 's' && name.endsWith('_MS') ? 1000 : 1) : said.trim();
        mentions.push(`${file}: ${name}`);
        expect(comparable, `${file} says ${name} is ${said}`).toEqual(typeof value === 'number' ? value : String(value));
      }
    }
    // The check reads real mentions (if the pattern stopped matching, it would pass on nothing).
    expect(mentions.length).toBeGreaterThan(8);
  });
});
