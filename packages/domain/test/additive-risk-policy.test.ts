import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ADDITIVE_CATALOGUE, type AdditiveDef, type RiskLevel } from '../src/index.ts';

// The additive risk policy of docs/scoring.md §1, rule by rule. Each describe names its rule; changing a rule in
// scripts/additive-risk-policy.ts and regenerating the catalogue breaks the test that names it.

const byCode = new Map(ADDITIVE_CATALOGUE.map((a) => [a.code, a]));
const entry = (code: string): AdditiveDef => {
  const a = byCode.get(code);
  if (!a) throw new Error(`${code} missing from the catalogue`);
  return a;
};
const withRule = (rule: string): AdditiveDef[] => ADDITIVE_CATALOGUE.filter((a) => a.riskRule === rule);
const RIESGOSO: RiskLevel = 'Riesgoso';
const DEBATE: RiskLevel = 'Riesgo posible (Debate)';
const SIN: RiskLevel = 'Sin riesgo conocido';

function expectRule(codes: readonly string[], rule: string, level: RiskLevel): void {
  for (const code of codes) {
    expect({ code, rule: entry(code).riskRule, level: entry(code).riskLevel }).toEqual({ code, rule, level });
  }
}

/** Each rule's level, in the order the rules apply (the first that matches decides). */
const RULE_LEVELS: readonly [string, RiskLevel][] = [
  ['withdrawn-for-safety', RIESGOSO],
  ['iarc-1-2a', RIESGOSO],
  ['efsa-high', RIESGOSO],
  ['withdrawn-no-data', DEBATE],
  ['iarc-2b', DEBATE],
  ['eu-warning-colour', DEBATE],
  ['who-nss-2023', DEBATE],
  ['efsa-moderate', DEBATE],
  ['no-alert', SIN],
];

describe('additive risk policy (docs/scoring.md §1)', () => {
  it('every entry was decided by a named rule, and each rule gives its one level', () => {
    const rules = new Map(RULE_LEVELS);
    for (const a of ADDITIVE_CATALOGUE) {
      if (a.riskRule === 'exception') continue;
      expect({ code: a.code, level: a.riskLevel }).toEqual({
        code: a.code,
        level: rules.get(a.riskRule ?? ''),
      });
    }
  });

  it.each([
    [
      'withdrawn-for-safety',
      'withdrawn or refused for a safety finding is Riesgoso',
      ['E128', 'E171', 'E216', 'E217', 'E924', 'E924a', 'E924b'],
      RIESGOSO,
    ],
    [
      'iarc-1-2a',
      'IARC group 1 or 2A is Riesgoso (formaldehyde, ingested nitrite and nitrate)',
      ['E240', 'E249', 'E250', 'E251', 'E252'],
      RIESGOSO,
    ],
    [
      'efsa-high',
      'EFSA finds part of the population above the ADI',
      ['E200', 'E202', 'E211', 'E220', 'E223', 'E407', 'E621', 'E473', 'E481'],
      RIESGOSO,
    ],
    [
      'withdrawn-no-data',
      'removed from the EU list without a finding of harm is Debate, not Riesgoso',
      ['E103', 'E105', 'E107', 'E111', 'E125', 'E126', 'E130', 'E925', 'E926'],
      DEBATE,
    ],
    [
      'iarc-2b',
      'IARC group 2B is Debate (BHA, aspartame, 4-MEI in caramels III and IV)',
      ['E320', 'E951', 'E150c', 'E150d', 'E121', 'E152'],
      DEBATE,
    ],
    [
      'eu-warning-colour',
      'the six "Southampton" colours with the EU warning are Debate',
      ['E102', 'E104', 'E110', 'E122', 'E124', 'E129'],
      DEBATE,
    ],
    [
      'efsa-moderate',
      'EFSA finds high consumers may exceed the ADI',
      ['E131', 'E133', 'E142', 'E432', 'E436', 'E507', 'E508', 'E509', 'E511'],
      DEBATE,
    ],
    [
      'no-alert',
      'authorised without any alert is Sin riesgo conocido',
      ['E100', 'E322', 'E330', 'E415', 'E440', 'E471', 'E1422'],
      SIN,
    ],
  ] as const)('rule %s: %s', (rule, _why, codes, level) => {
    expectRule(codes, rule, level);
  });

  it('IARC is applied evenly: no IARC group 1 or 2A entry is below a 2B one', () => {
    for (const a of withRule('iarc-1-2a')) expect(a.riskLevel).toBe(RIESGOSO);
    // Talc (2A by inhalation and perineal use, not by mouth) is a documented exception, never below 2B.
    expect(entry('E553b').riskLevel).toBe(DEBATE);
  });

  it('rule who-nss-2023: non-sugar sweeteners (WHO 2023 guideline) are Debate; polyols are not covered', () => {
    expectRule(
      ['E950', 'E952', 'E954', 'E955', 'E957', 'E959', 'E960', 'E960a', 'E960c', 'E961', 'E962', 'E969'],
      'who-nss-2023',
      DEBATE,
    );
    for (const polyol of ['E420', 'E421', 'E953', 'E965', 'E966', 'E967', 'E968']) {
      expect(entry(polyol).riskRule).not.toBe('who-nss-2023');
      expect(entry(polyol).riskLevel).toBe(SIN);
    }
  });

  it('group opinions apply to the whole group, sub-variants included', () => {
    const groups: Record<string, string[]> = {
      phosphates: [
        'E338',
        'E339',
        'E339ii',
        'E340',
        'E341',
        'E341iii',
        'E343',
        'E450',
        'E450i',
        'E451',
        'E452',
      ],
      glutamates: ['E620', 'E621', 'E622', 'E623', 'E624', 'E625'],
      sorbates: ['E200', 'E202', 'E203'],
      benzoates: ['E210', 'E211', 'E212', 'E213'],
      polysorbates: ['E432', 'E433', 'E434', 'E435', 'E436'],
      'sorbitan esters': ['E491', 'E492', 'E493', 'E494', 'E495'],
      steviol: ['E960', 'E960a', 'E960b', 'E960c', 'E960d'],
    };
    for (const [group, codes] of Object.entries(groups)) {
      const levels = new Set(codes.map((c) => entry(c).riskLevel));
      expect({ group, levels: [...levels] }).toEqual({ group, levels: [entry(codes[0]!).riskLevel] });
    }
  });

  it('documented exceptions are exactly the ones listed in docs/scoring.md', () => {
    const exceptions = withRule('exception').map((a) => a.code);
    expect(exceptions.sort()).toEqual(['E173', 'E243', 'E553b']);
    const doc = readFileSync(new URL('../../../docs/scoring.md', import.meta.url), 'utf8');
    for (const code of exceptions)
      expect(doc).toMatch(new RegExp(`\\| ${code.replace(/[()]/g, '\\$&')} +\\|.*exception`));
  });
});

describe('every additive has its own reason and a source', () => {
  it('no two entries share a reason (the old shared boilerplate line is gone)', () => {
    const seen = new Map<string, string>();
    for (const a of ADDITIVE_CATALOGUE) {
      expect({ code: a.code, sharedWith: seen.get(a.reason) }).toEqual({
        code: a.code,
        sharedWith: undefined,
      });
      seen.set(a.reason, a.code);
    }
    expect(ADDITIVE_CATALOGUE.some((a) => a.reason.includes('sin alerta de sobreexposición de EFSA'))).toBe(
      false,
    );
  });

  it('each reason says what it does, what the evidence is, and its status in the EU and Chile, in at most two sentences', () => {
    for (const a of ADDITIVE_CATALOGUE) {
      const ins = a.code.slice(1);
      expect(a.reason, a.code).toContain(`INS ${ins}`);
      expect(a.reason, a.code).toMatch(/en la UE|de la UE/);
      // Evidence: an opinion or classification with its year, or the plain statement that none exists.
      expect(a.reason, a.code).toMatch(/\b(?:19|20)\d\d\b|ni EFSA ni la IARC han señalado un riesgo/);
      const sentences = a.reason.split(/(?<=\.)\s+(?=[A-ZÁÉÍÓÚÑ])/);
      expect({ code: a.code, sentences: sentences.length <= 2 }).toEqual({ code: a.code, sentences: true });
    }
  });

  it('each source names a specific act, opinion or monograph', () => {
    for (const a of ADDITIVE_CATALOGUE) {
      expect(a.source, a.code).toMatch(/Reg\. \((?:CE|UE)\)|Dir\. /);
      expect(a.source, a.code).toContain('INS');
      if (a.reason.includes('EFSA (')) expect(a.source, a.code).toMatch(/EFSA/);
      if (a.reason.includes('la IARC (')) expect(a.source, a.code).toMatch(/IARC vol\. \w+ \(\d{4}\)/);
      if (a.reason.includes('OMS (2023)')) expect(a.source, a.code).toContain('WHO guideline (2023)');
    }
  });
});

describe('catalogue regenerated on the 2026 taxonomy', () => {
  it('loses no entry of the 2019 catalogue', () => {
    const old = JSON.parse(
      readFileSync(new URL('../../../../shared/data/taxonomies/additives.json', import.meta.url), 'utf8'),
    ) as { id: string }[];
    const keys = new Set(ADDITIVE_CATALOGUE.map((a) => a.code.toLowerCase().replace(/[^a-z0-9]/g, '')));
    const lost = old
      .map((o) => o.id.replace(/^en:/, '').replace(/[^a-z0-9]/g, ''))
      .filter((k) => /^e\d{3,4}[a-z]?(?:i{1,3}|iv|v|vi{1,3})?$/.test(k) && !keys.has(k));
    expect(lost).toEqual([]);
  });

  it('has the entries added to the taxonomy since 2019, with Spanish names', () => {
    for (const [code, name] of [
      ['E960c', 'Glucósidos de esteviol producidos enzimáticamente'],
      ['E969', 'Advantamo'],
      ['E246', 'Glicolípidos'],
      ['E322a', 'Lecitina de avena'],
    ] as const) {
      expect(entry(code).name).toBe(name);
    }
  });

  it('the Chilean label wording comes first', () => {
    expect(entry('E202').name).toBe('Sorbato de potasio');
    expect(entry('E621').name).toBe('Glutamato monosódico');
    expect(entry('E102').name).toBe('Tartrazina');
  });
});
