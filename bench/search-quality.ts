/**
 * Search quality (issue 27): recall@10 and MRR of a labelled set of shoppers' queries
 * (`bench/search-quality/queries.json`, read item by item from the shared catalogue) on the shared catalogue
 * (`../shared/data/products/latam_es_lifyzer_off2019.jsonl`), with main's ranking and with this checkout's, in
 * the same run.
 *
 *   npx tsx bench/search-quality.ts [--baseline=main]
 *
 * Main's ranking is `apps/server/src/modules/search/search-index.ts` as committed on the baseline branch, written
 * next to this checkout's for the run and removed afterwards. Both index the same documents: name, the product's
 * own claims and ingredient list (what the catalogue import keeps; this file has no brand or shelf).
 * recall@10: the expected products in the first 10, over min(expected, 10); MRR: 1 / rank of the first expected.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readDietaryFacts } from '../apps/server/src/modules/search/dietary-claims.ts';
import { buildSearchIndex } from '../apps/server/src/modules/search/search-index.ts';
import type { SearchDoc } from '../apps/server/src/modules/search/search-types.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const SOURCE = path.resolve(repo, '../shared/data/products/latam_es_lifyzer_off2019.jsonl');
const baseline = process.argv.find((a) => a.startsWith('--baseline='))?.slice('--baseline='.length) ?? 'main';

type Row = { code: string; product_name: string | null; ingredients_text: string | null };
type Labelled = { q: string; expected: string[] };

const rows = fs
  .readFileSync(SOURCE, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Row)
  .filter((r) => r.product_name && r.product_name.trim());
const { queries } = JSON.parse(fs.readFileSync(path.join(here, 'search-quality/queries.json'), 'utf8')) as {
  queries: Labelled[];
};

const docs: SearchDoc<string>[] = rows.map((r, i) => ({
  id: i + 1,
  barcode: r.code,
  name: r.product_name!,
  brand: '',
  categoryNames: [],
  subcategoryNames: [],
  healthScore: null,
  dietary: readDietaryFacts(r.product_name!, [], r.ingredients_text),
  payload: r.code,
}));
const known = new Set(rows.map((r) => r.code));
for (const { q, expected } of queries) {
  for (const code of expected) if (!known.has(code)) throw new Error(`${q}: ${code} is not in the catalogue`);
}

type Searcher = (q: string, limit: number) => { hits: { payload: string }[] };

function score(search: Searcher) {
  let recall = 0;
  let rr = 0;
  const perQuery: { q: string; recall: number; rank: number | null }[] = [];
  for (const { q, expected } of queries) {
    const want = new Set(expected);
    const top = search(q, 10).hits.map((h) => h.payload);
    const found = top.filter((c) => want.has(c)).length;
    const r = found / Math.min(10, want.size);
    const all = search(q, 1000).hits.map((h) => h.payload);
    const firstAt = all.findIndex((c) => want.has(c));
    recall += r;
    rr += firstAt >= 0 ? 1 / (firstAt + 1) : 0;
    perQuery.push({ q, recall: r, rank: firstAt >= 0 ? firstAt + 1 : null });
  }
  return { recall: recall / queries.length, mrr: rr / queries.length, perQuery };
}

function p99(search: Searcher) {
  const times: number[] = [];
  for (let round = 0; round < 20; round++) {
    for (const { q } of queries) {
      const t = performance.now();
      search(q, 30);
      times.push(performance.now() - t);
    }
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length * 0.99)]!;
}

async function main() {
  const baselineFile = path.join(repo, 'apps/server/src/modules/search', `.baseline-search-index-${process.pid}.ts`);
  fs.writeFileSync(
    baselineFile,
    execFileSync('git', ['show', `${baseline}:apps/server/src/modules/search/search-index.ts`], {
      cwd: repo,
      encoding: 'utf8',
    }),
  );
  try {
    const before = (await import(pathToFileURL(baselineFile).href)) as { buildSearchIndex: typeof buildSearchIndex };
    const indexes: [string, Searcher][] = [
      [`before (${baseline})`, before.buildSearchIndex(docs).search],
      ['after (this checkout)', buildSearchIndex(docs).search],
    ];
    console.log(`${queries.length} queries, ${docs.length.toLocaleString('en')} products (${path.relative(repo, SOURCE)})`);
    const results = indexes.map(([name, search]) => ({ name, ...score(search), p99: p99(search) }));
    console.log('| ranking | recall@10 | MRR | p99 per query (in process) |');
    console.log('|---|---|---|---|');
    for (const r of results) {
      console.log(`| ${r.name} | ${r.recall.toFixed(3)} | ${r.mrr.toFixed(3)} | ${r.p99.toFixed(2)} ms |`);
    }
    console.log('\nper query (recall@10, first expected at rank), before → after:');
    results[0]!.perQuery.forEach((b, i) => {
      const a = results[1]!.perQuery[i]!;
      console.log(`  ${b.q.padEnd(24)} ${b.recall.toFixed(2)} @${b.rank ?? '-'} → ${a.recall.toFixed(2)} @${a.rank ?? '-'}`);
    });
  } finally {
    fs.rmSync(baselineFile, { force: true });
  }
}

await main();
