/**
 * One-off generator for src/additives/additive-catalogue.ts.
 *
 * It reads the facts we are allowed to take from Open Food Facts' current additive taxonomy
 * (../shared/data/taxonomies/off-additives-taxonomy-2026.txt: E numbers, Spanish, English and French names,
 * functional classes, EFSA opinions and over-exposure flags, the non-nutritive-sweetener flag, "name only after a
 * class word" flags), and combines them with what is ours: the risk policy and the reasons (additive-risk-policy.ts,
 * docs/scoring.md §1), the Chilean label wording and the cleaning of ambiguous names.
 * The generated module is the source of truth and is edited by hand after generation when needed;
 * re-running this script overwrites those edits, so keep curated facts in the tables below.
 *
 * Run: npx tsx packages/domain/scripts/generate-additive-catalogue.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AdditiveCategory, AdditiveDef } from '../src/types.ts';
import { normalizeToWords } from '../src/text/normalize-text.ts';
import { assess, groupFindings, type PolicyInput } from './additive-risk-policy.ts';

type OffAdditive = {
  /** OFF tag in the 2019 JSON's form: "en:e322-i", "en:e160a-ii", "en:e150d". */
  id: string;
  name_en: string | null;
  name_es: string | null;
  synonyms_es: string[];
  synonyms_en: string[];
  synonyms_fr: string[];
  parents: string[];
  additives_classes: string[];
  efsa_evaluation_overexposure_risk: 'en:high' | 'en:moderate' | 'en:no' | null;
  efsa_evaluation_date: string | null;
  efsa_evaluation_url: string | null;
  /** Title of the EFSA opinion ("Re-evaluation of … (E 338–341, E 343 and E 450–452) …"). */
  efsa_evaluation: string | null;
  /** Population groups whose 95th percentile exposure exceeds the ADI ("en:children, en:toddlers"). */
  efsa_exposure_95th_above_adi: string | null;
  non_nutritive_sweetener: boolean;
  /** Every other `key:en: value` property, as written. */
  other_properties: Record<string, string>;
};

const taxonomies = new URL('../../../../shared/data/taxonomies/', import.meta.url);
/** Open Food Facts' current additive taxonomy (openfoodfacts-server taxonomies/additives.txt, 2026). */
const TAXONOMY_FILE = 'off-additives-taxonomy-2026.txt';

/** "E322(i)" → "en:e322-i", "E160a(ii)" → "en:e160a-ii", "E150d" → "en:e150d". */
function offIdOf(code: string): string {
  return `en:${code.toLowerCase().replace(/\(([ivx]+)\)$/, '-$1')}`;
}

/** Names of one `xx:` line, split at unescaped commas. */
function namesOf(line: string): string[] {
  return line
    .slice(line.indexOf(':') + 1)
    .split(/(?<!\\),/)
    .map((s) => s.replace(/\\,/g, ',').trim())
    .filter(Boolean);
}

/**
 * Parses OFF's taxonomy source format: entries separated by blank lines; `<en:E322` lines name parents;
 * `xx:name, synonym, …` lines name the entry per language (the first `en:` line is its id); `key:en: value`
 * lines are properties; `#` lines are comments.
 */
function parseTaxonomy(text: string): OffAdditive[] {
  const out: OffAdditive[] = [];
  for (const block of text.split(/\n\s*\n/)) {
    const lines = block.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#'));
    const enLine = lines.find((l) => l.startsWith('en:'));
    const code = enLine ? namesOf(enLine)[0] : undefined;
    if (!enLine || !code || !/^E\d{3,4}[a-z]?(?:\([ivx]+\))?$/.test(code)) continue;
    const props: Record<string, string> = {};
    for (const l of lines) {
      const m = /^([a-z0-9_]+):en:\s*(.*)$/.exec(l);
      if (m && m[1] !== undefined && m[2] !== undefined && !/^[a-z]{2}(?:_[a-z]{2})?$/.test(m[1]))
        props[m[1]] = m[2].trim();
    }
    const lang = (prefix: string): string[] => {
      const line = lines.find((l) => l.startsWith(`${prefix}:`) && !/^[a-z]{2}:[a-z_]+:/.test(l));
      return line ? namesOf(line) : [];
    };
    const en = namesOf(enLine);
    const es = lang('es');
    const risk = props['efsa_evaluation_overexposure_risk']?.replace(/^en:\s*/, '');
    out.push({
      id: offIdOf(code),
      name_en: en[1] ?? null,
      name_es: es[1] ?? null,
      synonyms_es: es,
      synonyms_en: en,
      synonyms_fr: lang('fr').slice(1),
      parents: lines.filter((l) => l.startsWith('<')).map((l) => offIdOf(l.replace(/^<\s*en:/, '').trim())),
      additives_classes: (props['additives_classes'] ?? '')
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean),
      efsa_evaluation_overexposure_risk:
        risk === 'high' || risk === 'moderate' || risk === 'no' ? `en:${risk}` : null,
      efsa_evaluation_date: props['efsa_evaluation_date'] ?? null,
      efsa_evaluation_url: props['efsa_evaluation_url'] ?? null,
      efsa_evaluation: props['efsa_evaluation'] ?? null,
      efsa_exposure_95th_above_adi: props['efsa_evaluation_exposure_95th_greater_than_adi'] ?? null,
      non_nutritive_sweetener: props['non_nutritive_sweetener'] === 'yes',
      other_properties: props,
    });
  }
  return out;
}

const off = parseTaxonomy(readFileSync(new URL(TAXONOMY_FILE, taxonomies), 'utf8'));
const OFF_BY_ID = new Map<string, OffAdditive>(off.map((a) => [a.id, a]));

/** "en:e322-i", "E322(i)", "E322i" → "e322i". */
function keyOf(code: string): string {
  return code
    .toLowerCase()
    .replace(/^en:/, '')
    .replace(/[^a-z0-9]/g, '');
}

/** OFF id → label code: "en:e160a-ii" → "E160a(ii)", "en:e322-i" → "E322i", "en:e150d" → "E150d". */
function displayCode(id: string): string {
  const [base = '', roman] = id.replace(/^en:/, '').split('-');
  const m = /^e(\d+)([a-z]?)$/.exec(base);
  if (!m) return id.toUpperCase();
  const [, num, letter] = m;
  if (!roman) return `E${num}${letter ?? ''}`;
  return letter ? `E${num}${letter}(${roman})` : `E${num}${roman}`;
}

const CLASS_MAP: readonly (readonly [string, AdditiveCategory])[] = [
  ['en:colour', 'colorante'],
  ['en:sweetener', 'edulcorante'],
  ['en:preservative', 'preservante'],
  ['en:flavour-enhancer', 'potenciador-del-sabor'],
  ['en:antioxidant', 'antioxidante'],
  ['en:emulsifier', 'emulsionante'],
  ['en:emulsifying-salts', 'emulsionante'],
  ['en:gelling-agent', 'gelificante'],
  ['en:thickener', 'espesante'],
  ['en:stabiliser', 'estabilizante'],
  ['en:stabilizer', 'estabilizante'],
  ['en:anti-caking-agent', 'antiaglomerante'],
  ['en:raising-agent', 'leudante'],
  ['en:acid', 'acidulante'],
  ['en:acidity-regulator', 'regulador-de-acidez'],
  ['en:humectant', 'humectante'],
  ['en:glazing-agent', 'agente-de-recubrimiento'],
  ['en:flour-treatment-agent', 'mejorador-de-harina'],
  ['en:sequestrant', 'secuestrante'],
  ['en:packaging-gas', 'gas'],
  ['en:propellent-gas', 'gas'],
  ['en:carbonating-agent', 'gas'],
  ['en:modified-starch', 'almidon-modificado'],
];

/**
 * Functional class: our override, else OFF's class of the entry or of its parent (sub-variants often carry none),
 * else the conventional E-number range (100s colours, 200s preservatives, 300s antioxidants and acidity
 * regulators, 400s thickeners and emulsifiers, 500s acidity regulators and anti-caking agents, 600s flavour
 * enhancers, 900s glazing agents, flour treatment, gases and sweeteners, 1400s modified starches).
 */
function categoryOf(a: OffAdditive, n: number): AdditiveCategory {
  const override =
    CATEGORY_OVERRIDE[keyOf(a.id)] ?? CATEGORY_OVERRIDE[keyOf(a.id).replace(/(?:i{1,3}|iv|v|vi{1,3})$/, '')];
  if (override) return override;
  if (n >= 1400 && n < 1500) return 'almidon-modificado';
  // Packaging and propellant gases (OFF files nitrous oxide, E942, as an antioxidant too).
  if (n >= 938 && n < 950) return 'gas';
  const classes = [
    ...a.additives_classes,
    ...a.parents.flatMap((p) => OFF_BY_ID.get(p)?.additives_classes ?? []),
  ];
  // Gums, alginates, carrageenan, konjac and pectins thicken or gel; OFF also lists them as emulsifiers, which
  // comes first in CLASS_MAP and would tell a shopper the wrong job.
  if ((n >= 400 && n < 430) || n === 440) {
    if (classes.includes('en:gelling-agent') && !classes.includes('en:thickener')) return 'gelificante';
    if (
      classes.includes('en:thickener') ||
      classes.includes('en:stabiliser') ||
      classes.includes('en:stabilizer')
    )
      return 'espesante';
  }
  for (const [cls, cat] of CLASS_MAP) if (classes.includes(cls)) return cat;
  if (n >= 100 && n < 200) return 'colorante';
  if (n >= 200 && n < 300) return 'preservante';
  if (n >= 300 && n < 322) return 'antioxidante';
  if (n >= 322 && n < 400) return 'regulador-de-acidez';
  if (n >= 400 && n < 430) return 'espesante';
  if (n >= 430 && n < 500) return 'emulsionante';
  if (n >= 500 && n < 540) return 'regulador-de-acidez';
  if (n >= 540 && n < 580) return 'antiaglomerante';
  if (n >= 620 && n < 700) return 'potenciador-del-sabor';
  if (n >= 900 && n < 910) return 'agente-de-recubrimiento';
  if (n >= 920 && n < 930) return 'mejorador-de-harina';
  if (n >= 938 && n < 950) return 'gas';
  if (n >= 950 && n < 970) return 'edulcorante';
  return 'otro';
}

// ---- Chilean wording and extra names (ours) -------------------------------------------------------------

/** Spanish names seen on Chilean labels that OFF's 2019 Spanish synonyms lack. */
const CHILEAN_NAMES: Record<string, string[]> = {
  e150a: ['caramelo clase i', 'caramelo i', 'caramelo clase 1', 'caramelo natural'],
  e150b: ['caramelo clase ii', 'caramelo ii', 'caramelo clase 2'],
  e477: ['esteres de propilenglicol de acidos grasos', 'monoestearato de propilenglicol'],
  e953: ['isomalt', 'isomaltitol'],
  e310: ['galato de propilo', 'propil galato', 'galato de propil'],
  e521: ['sulfato de sodio y aluminio', 'sulfato de aluminio y sodio', 'sulfato de sodio aluminio'],
  e541: ['fosfato de aluminio y sodio', 'fosfato de sodio y aluminio', 'fosfato acido de sodio y aluminio'],
  e101: ['riboflavina'],
  e102: ['tartrazina', 'tartracina', 'amarillo 5', 'amarillo n 5', 'amarillo no 5', 'amarillo fdc 5'],
  e110: [
    'amarillo crepusculo',
    'amarillo ocaso',
    'amarillo ocaso fcf',
    'amarillo 6',
    'amarillo n 6',
    'amarillo no 6',
    'amarillo fdc 6',
  ],
  e120: ['carmin', 'carmin de cochinilla', 'acido carminico', 'cochinilla'],
  e122: ['azorrubina', 'carmoisina'],
  e124: ['ponceau 4r', 'rojo ponceau', 'rojo punzo 4r', 'rojo cochinilla a'],
  e127: ['eritrosina', 'rojo 3', 'rojo n 3'],
  e129: ['rojo allura', 'rojo allura ac', 'rojo 40', 'rojo n 40', 'rojo no 40', 'rojo fdc 40'],
  e132: ['indigotina', 'indigo carmin', 'azul 2', 'azul n 2'],
  e133: ['azul brillante', 'azul brillante fcf', 'azul 1', 'azul n 1', 'azul no 1'],
  e150: ['caramelo'],
  e100: ['curcumina', 'curcuma'],
  e150c: ['caramelo iii', 'caramelo clase iii', 'caramelo clase 3', 'caramelo amonico'],
  e150d: [
    'caramelo iv',
    'caramelo clase iv',
    'caramelo clase 4',
    'color caramelo iv',
    'caramelo sulfito amonico',
    'caramelo de sulfito amonico',
  ],
  e160a: ['betacaroteno', 'beta caroteno'],
  e160b: ['annato', 'anato', 'achiote', 'bixina', 'norbixina', 'urucum', 'extracto de annato'],
  e160c: ['paprika oleorresina', 'oleorresina de paprika', 'extracto de paprika'],
  e162: ['rojo de remolacha', 'betanina'],
  e200: ['acido sorbico'],
  e202: ['sorbato de potasio', 'sorbato potasico'],
  e211: ['benzoato de sodio', 'benzoato sodico'],
  e212: ['benzoato de potasio'],
  e220: ['dioxido de azufre', 'anhidrido sulfuroso'],
  e223: ['metabisulfito de sodio', 'metabisulfito sodico'],
  e224: ['metabisulfito de potasio'],
  e250: ['nitrito de sodio', 'nitrito sodico'],
  e251: ['nitrato de sodio'],
  e252: ['nitrato de potasio'],
  e260: ['acido acetico'],
  e262: ['diacetato de sodio'],
  e270: ['acido lactico'],
  e281: ['propionato de sodio'],
  e282: ['propionato de calcio', 'propionato calcico'],
  e290: ['dioxido de carbono', 'gas carbonico', 'anhidrido carbonico'],
  e296: ['acido malico'],
  e300: ['acido ascorbico'],
  e301: ['ascorbato de sodio'],
  e306: ['tocoferoles', 'tocoferoles mixtos', 'mezcla de tocoferoles'],
  e316: ['eritorbato de sodio', 'isoascorbato de sodio'],
  e319: ['tbhq', 'terbutilhidroquinona'],
  e320: ['bha', 'butilhidroxianisol'],
  e321: ['bht', 'butilhidroxitolueno'],
  e322: ['lecitina', 'lecitina de soya', 'lecitina de soja', 'lecitina de girasol', 'lecitinas'],
  e325: ['lactato de sodio'],
  e330: ['acido citrico'],
  e331: ['citrato de sodio', 'citrato sodico', 'citrato trisodico'],
  e332: ['citrato de potasio'],
  e334: ['acido tartarico'],
  e338: ['acido fosforico', 'acido ortofosforico'],
  e339: ['fosfato de sodio', 'fosfato disodico', 'fosfato monosodico', 'fosfato trisodico'],
  e340: ['fosfato de potasio', 'fosfato dipotasico'],
  e341: ['fosfato de calcio', 'fosfato monocalcico', 'fosfato tricalcico'],
  e401: ['alginato de sodio'],
  e406: ['agar agar', 'agar'],
  e407: ['carragenina', 'carragenano', 'carrageno', 'carragenina kappa', 'carragenina iota'],
  e410: ['goma garrofin', 'goma de algarrobo', 'goma de semilla de algarrobo', 'goma locust'],
  e412: ['goma guar'],
  e414: ['goma arabiga', 'goma acacia'],
  e415: ['goma xantica', 'goma xantana', 'goma xanthan', 'goma xantan', 'xantana'],
  e417: ['goma tara'],
  e418: ['goma gellan', 'goma gelana'],
  e420: ['sorbitol'],
  e422: ['glicerina', 'glicerol'],
  e440: ['pectina', 'pectinas'],
  e450: ['pirofosfato acido de sodio', 'pirofosfato de sodio', 'pirofosfato disodico', 'difosfato disodico'],
  e451: ['tripolifosfato de sodio', 'trifosfato pentasodico'],
  e452: ['hexametafosfato de sodio', 'polifosfato de sodio', 'polifosfatos'],
  e460: ['celulosa microcristalina'],
  e461: ['metilcelulosa'],
  e464: ['hidroxipropilmetilcelulosa'],
  e466: ['carboximetilcelulosa', 'carboximetilcelulosa sodica', 'carboximetil celulosa', 'cmc'],
  e471: [
    'monogliceridos',
    'monogliceridos de acidos grasos',
    'digliceridos de acidos grasos',
    'mono y digliceridos',
    'mono y digliceridos de acidos grasos',
    'monogliceridos y digliceridos',
    'mono digliceridos',
  ],
  e472e: ['datem'],
  e475: ['esteres de poliglicerol'],
  e476: ['polirricinoleato de poliglicerol', 'pgpr'],
  e481: ['estearoil lactilato de sodio', 'estearoil 2 lactilato de sodio', 'ssl'],
  e500ii: ['bicarbonato de sodio', 'bicarbonato sodico', 'bicarbonato'],
  e500i: ['carbonato de sodio'],
  e1520: ['propilenglicol', 'propilen glicol'],
  e501: ['carbonato de potasio'],
  e503ii: ['bicarbonato de amonio'],
  e503i: ['carbonato de amonio'],
  e508: ['cloruro de potasio'],
  e509: ['cloruro de calcio'],
  e551: ['dioxido de silicio', 'silice', 'silicato'],
  e575: ['glucono delta lactona', 'gluconodeltalactona', 'glucono delta-lactona'],
  e621: ['glutamato monosodico', 'glutamato de sodio', 'glutamato monosodico msg', 'gms'],
  e627: ['guanilato disodico', 'guanilato de sodio'],
  e631: ['inosinato disodico', 'inosinato de sodio'],
  e635: ['ribonucleotidos de sodio', 'ribonucleotido disodico', '5 ribonucleotidos disodicos'],
  e900: ['dimetilpolisiloxano', 'polidimetilsiloxano', 'dimeticona'],
  e950: [
    'acesulfame k',
    'acesulfamo k',
    'acesulfamo potasico',
    'acesulfame potasio',
    'acesulfamo potasio',
    'acesulfame de potasio',
    'acesulfamo de potasio',
    'acesulfame potasico',
  ],
  e951: ['aspartamo', 'aspartame'],
  e952: ['ciclamato', 'ciclamato de sodio', 'ciclamato sodico'],
  e954: ['sacarina', 'sacarina sodica', 'sacarina de sodio'],
  e955: ['sucralosa'],
  e960: ['glicosidos de esteviol', 'estevia', 'stevia', 'extracto de stevia', 'rebaudiosido a'],
  e965: ['maltitol', 'jarabe de maltitol'],
  e967: ['xilitol'],
  e968: ['eritritol'],
  e1422: ['almidon acetilado de adipato de dialmidon'],
  e1442: ['fosfato de dialmidon hidroxipropilado'],
};

/**
 * Acid esters of mono- and diglycerides (E472a–f) as labels write them: "diacetyl tartaric acid esters of
 * mono-diglycerides", "ésteres de ácido diacetiltartárico de mono- y diglicéridos". OFF lists only the full
 * regulatory names, so a shorter wording used to fall apart into its words: "tartaric acid" (E334) and
 * "mono-diglycerides" (E471) instead of the one ester. Every head is combined with every usual glyceride tail.
 */
const ESTER_HEADS: Record<string, { es: string[]; en: string[] }> = {
  e472a: {
    es: ['esteres aceticos de', 'esteres de acido acetico de', 'esteres del acido acetico de'],
    en: ['acetic acid esters of', 'acetic acid ester of'],
  },
  e472b: {
    es: ['esteres lacticos de', 'esteres de acido lactico de', 'esteres del acido lactico de'],
    en: ['lactic acid esters of', 'lactic acid ester of'],
  },
  e472c: {
    es: ['esteres citricos de', 'esteres de acido citrico de', 'esteres del acido citrico de'],
    en: ['citric acid esters of', 'citric acid ester of'],
  },
  e472d: {
    es: ['esteres tartaricos de', 'esteres de acido tartarico de', 'esteres del acido tartarico de'],
    en: ['tartaric acid esters of', 'tartaric acid ester of'],
  },
  e472e: {
    es: [
      'esteres de acido diacetiltartarico de',
      'esteres del acido diacetiltartarico de',
      'esteres diacetiltartaricos de',
      'esteres de acido diacetil tartarico de',
    ],
    en: [
      'diacetyl tartaric acid esters of',
      'diacetyl tartaric acid ester of',
      'diacetyltartaric acid esters of',
      'mono and diacetyl tartaric acid esters of',
    ],
  },
  e472f: {
    es: ['esteres mixtos aceticos y tartaricos de'],
    en: ['mixed acetic and tartaric acid esters of'],
  },
};
const GLYCERIDE_TAILS_ES = [
  'mono y digliceridos',
  'mono y digliceridos de acidos grasos',
  'monogliceridos y digliceridos',
  'monogliceridos y digliceridos de acidos grasos',
  'mono digliceridos',
];
const GLYCERIDE_TAILS_EN = [
  'mono and diglycerides',
  'mono and diglycerides of fatty acids',
  'mono diglycerides',
  'monodiglycerides',
  'monoglycerides',
  'monoglycerides and diglycerides',
];

/**
 * Our curated Spanish names are typed unaccented (matching folds accents anyway); admins read them with their
 * accents, so we restore them word by word.
 */
const SPANISH_ACCENTS: Record<string, string> = {
  acido: 'ácido',
  acidos: 'ácidos',
  citrico: 'cítrico',
  sodico: 'sódico',
  sodica: 'sódica',
  potasico: 'potásico',
  xantica: 'xántica',
  carmin: 'carmín',
  carminico: 'carmínico',
  crepusculo: 'crepúsculo',
  fosforico: 'fosfórico',
  ortofosforico: 'ortofosfórico',
  ascorbico: 'ascórbico',
  sorbico: 'sórbico',
  lactico: 'láctico',
  malico: 'málico',
  tartarico: 'tartárico',
  acetico: 'acético',
  monosodico: 'monosódico',
  disodico: 'disódico',
  trisodico: 'trisódico',
  monocalcico: 'monocálcico',
  tricalcico: 'tricálcico',
  dipotasico: 'dipotásico',
  monogliceridos: 'monoglicéridos',
  digliceridos: 'diglicéridos',
  glicosidos: 'glicósidos',
  arabiga: 'arábiga',
  garrofin: 'garrofín',
  silice: 'sílice',
  dioxido: 'dióxido',
  anhidrido: 'anhídrido',
  carbonico: 'carbónico',
  amonico: 'amónico',
  calcico: 'cálcico',
  dialmidon: 'dialmidón',
  almidon: 'almidón',
  ribonucleotidos: 'ribonucleótidos',
  ribonucleotido: 'ribonucleótido',
  esteres: 'ésteres',
  curcuma: 'cúrcuma',
  rebaudiosido: 'rebaudiósido',
  monopotasico: 'monopotásico',
  punzo: 'punzó',
  indigo: 'índigo',
  aceticos: 'acéticos',
  lacticos: 'lácticos',
  citricos: 'cítricos',
  tartaricos: 'tartáricos',
  diacetiltartarico: 'diacetiltartárico',
  diacetiltartaricos: 'diacetiltartáricos',
};

function withSpanishAccents(name: string): string {
  return name
    .split(' ')
    .map((w) => SPANISH_ACCENTS[w] ?? w)
    .join(' ')
    .replace(/\bn (\d)/g, 'N° $1');
}

/** Display names as Chilean labels print them ("sorbato de potasio", not Spain's "sorbato potásico"). */
const DISPLAY_NAMES: Record<string, string> = {
  // Spanish names for entries OFF names only in English or by code (2026 taxonomy).
  e101a: "Riboflavina-5'-fosfato sódico (E101a)",
  e103: 'Alcanina',
  e105: 'Amarillo sólido AB',
  e125: 'Escarlata GN (Ponceau SX)',
  e126: 'Ponceau 6R',
  e160bi: 'Bixina de annato',
  e160bii: 'Norbixina de annato',
  e161i: 'Citranaxantina',
  e163a: 'Cianidina',
  e163d: 'Pelargonidina',
  e163e: 'Peonidina',
  e163f: 'Petunidina',
  e264: 'Acetato de amonio',
  e308: 'Gamma-tocoferol',
  e309: 'Delta-tocoferol',
  e314: 'Resina de guayaco',
  e322a: 'Lecitina de avena',
  e323: 'Anoxomer',
  e364: 'Succinatos de sodio',
  e386: 'Etilendiaminotetraacetato disódico',
  e387: 'Oxiestearina',
  e389: 'Tiodipropionato de dilaurilo',
  e390: 'Tiodipropionato de diestearilo',
  e399: 'Lactobionato de calcio',
  e408: 'Glicano de levadura de panadería',
  e409: 'Arabinogalactano',
  e411: 'Goma de avena',
  e414a: 'Goma arábiga modificada con ácido octenilsuccínico',
  e419: 'Goma ghatti',
  e420i: 'D-sorbitol',
  e424: 'Curdlán',
  e440a: 'Pectina no amidada (numeración E440a)',
  e440aii: 'Pectato de sodio',
  e440aiii: 'Pectato de potasio',
  e440aiv: 'Pectato de amonio',
  e440b: 'Pectina amidada (numeración E440b)',
  e443: 'Aceite vegetal bromado',
  e446: 'Succistearina',
  e450viii: 'Difosfato de dimagnesio',
  e452v: 'Polifosfato de amonio',
  e452vi: 'Polifosfato de sodio y potasio',
  e457: 'Alfa-ciclodextrina',
  e458: 'Gamma-ciclodextrina',
  e459: 'Beta-ciclodextrina',
  e467: 'Etil hidroxietil celulosa',
  e470: 'Sales de ácidos grasos (sodio, potasio, calcio y magnesio)',
  e470ai: 'Sales de sodio de ácidos grasos',
  e470aii: 'Sales de potasio de ácidos grasos',
  e470aiii: 'Sales de calcio de ácidos grasos',
  e472: 'Ésteres de mono- y diglicéridos de ácidos grasos',
  e472g: 'Monoglicéridos succinilados',
  e478: 'Ésteres de glicerol y propilenglicol de ácidos grasos lactilados',
  e484: 'Citrato de estearilo',
  e486: 'Estearoil fumarato de calcio',
  e488: 'Mono- y diglicéridos etoxilados',
  e489: 'Éster de metilglucósido y aceite de coco',
  e490: 'Propano-1,2-diol (E490)',
  e494: 'Monooleato de sorbitano',
  e496: 'Trioleato de sorbitano',
  e541ii: 'Fosfato alcalino de sodio y aluminio',
  e542: 'Fosfato de hueso',
  e543: 'Fosfato de calcio y sodio',
  e546: 'Pirofosfato de magnesio',
  e550: 'Silicato de sodio',
  e553a: 'Silicatos de magnesio sintéticos',
  e553ai: 'Silicato de magnesio sintético',
  e560: 'Silicato de potasio',
  e571: 'Estearato de amonio',
  e573: 'Estearato de aluminio',
  e630: 'Ácido inosínico',
  e636: 'Maltol',
  e639: 'DL-alanina',
  e640ii: 'Glicinato de sodio',
  e642: 'Clorhidrato de lisina',
  e900: 'Dimetilpolisiloxano',
  e906: 'Resina de benjuí',
  e908: 'Cera de salvado de arroz',
  e919: 'Cloruro de nitrosilo',
  e921: 'Clorhidrato de L-cisteína monohidrato',
  e923: 'Persulfato de amonio',
  e924b: 'Bromato de calcio',
  e926: 'Dióxido de cloro',
  e927: 'Azodicarbonamida y carbamida',
  e927a: 'Azodicarbonamida',
  e930: 'Peróxido de calcio',
  e940: 'Diclorodifluorometano',
  e945: 'Cloropentafluoroetano',
  e946: 'Octafluorociclobutano',
  e956: 'Alitamo',
  e960b: 'Glicósidos de esteviol por fermentación (Yarrowia lipolytica)',
  e969: 'Advantamo',
  e1001: 'Sales de colina',
  e1206: 'Copolímero neutro de metacrilato',
  e1207: 'Copolímero aniónico de metacrilato',
  e1208: 'Copolímero de polivinilpirrolidona y acetato de vinilo',
  e1209: 'Copolímero de injerto de alcohol polivinílico y polietilenglicol',
  e1210: 'Carbómero',
  e1401: 'Almidón tratado con ácido',
  e1402: 'Almidón tratado con álcali',
  e1441: 'Hidroxipropil diglicerina de almidón',
  e142: 'Verde S',
  e160e: 'Beta-apo-8′-carotenal (C30)',
  e160f: 'Éster etílico del ácido beta-apo-8′-carotenoico (C30)',
  e251: 'Nitrato de sodio',
  e252: 'Nitrato de potasio',
  e281: 'Propionato de sodio',
  e301: 'Ascorbato de sodio',
  e370: '1,4-heptonolactona',
  e401: 'Alginato de sodio',
  e430: 'Estearato de polioxietileno (8)',
  e102: 'Tartrazina',
  e110: 'Amarillo crepúsculo',
  e122: 'Azorrubina',
  e124: 'Ponceau 4R (rojo cochinilla A)',
  e129: 'Rojo allura AC',
  e133: 'Azul brillante FCF',
  e150d: 'Caramelo IV (sulfito amónico)',
  e150c: 'Caramelo III (amónico)',
  e160b: 'Annato (achiote)',
  e202: 'Sorbato de potasio',
  e211: 'Benzoato de sodio',
  e223: 'Metabisulfito de sodio',
  e250: 'Nitrito de sodio',
  e282: 'Propionato de calcio',
  e319: 'TBHQ (terbutilhidroquinona)',
  e320: 'BHA (butilhidroxianisol)',
  e321: 'BHT (butilhidroxitolueno)',
  e322: 'Lecitinas (lecitina de soya)',
  e407: 'Carragenina',
  e415: 'Goma xántica',
  e471: 'Mono- y diglicéridos de ácidos grasos',
  e500ii: 'Bicarbonato de sodio',
  e621: 'Glutamato monosódico',
  e950: 'Acesulfamo de potasio',
  e951: 'Aspartamo',
  e955: 'Sucralosa',
  e960: 'Glicósidos de esteviol (estevia)',
  e1520: 'Propilenglicol',
};

/** English label wording missing from the 2019 synonyms (US labels in the shared sample). */
const ENGLISH_EXTRA: Record<string, string[]> = {
  e477: [
    'propylene glycol esters of fatty acids',
    'propylene glycol monostearate',
    'propylene glycol esters',
  ],
  e310: ['propyl gallate'],
  e521: ['sodium aluminum sulfate', 'sodium aluminium sulphate'],
  e100: ['turmeric', 'turmeric extract', 'turmeric oleoresin'],
  e160c: ['paprika', 'paprika extract', 'paprika oleoresin'],
  e162: ['beet red', 'beetroot red', 'beet juice color'],
  e102: ['yellow 5', 'fd&c yellow 5', 'fd c yellow 5', 'yellow 5 lake'],
  e110: ['yellow 6', 'fd&c yellow 6', 'fd c yellow 6', 'yellow 6 lake'],
  e129: ['red 40', 'fd&c red 40', 'fd c red 40', 'red 40 lake'],
  e133: ['blue 1', 'fd&c blue 1', 'blue 1 lake'],
  e132: ['blue 2', 'fd&c blue 2'],
  e127: ['red 3', 'fd&c red 3'],
  e150: ['caramel color', 'caramel colour', 'caramel coloring'],
  e160b: ['annatto', 'annatto extract', 'annatto color'],
  e322: [
    'soy lecithin',
    'soya lecithin',
    'soybean lecithin',
    'sunflower lecithin',
    'lecithin',
    'lecithins',
    'soy lecithins',
  ],
  e330: ['citric acid'],
  e306: ['mixed tocopherols', 'tocopherols'],
  e339: ['sodium phosphate', 'disodium phosphate', 'trisodium phosphate', 'monosodium phosphate'],
  e341: ['calcium phosphate', 'monocalcium phosphate', 'tricalcium phosphate'],
  e450: [
    'sodium acid pyrophosphate',
    'sodium pyrophosphate',
    'tetrasodium pyrophosphate',
    'disodium pyrophosphate',
    'diphosphates',
  ],
  e451: ['sodium tripolyphosphate'],
  e452: ['sodium hexametaphosphate'],
  e466: ['cellulose gum', 'carboxymethylcellulose', 'sodium carboxymethylcellulose'],
  e471: [
    'mono and diglycerides',
    'mono- and diglycerides',
    'monoglycerides',
    'mono & diglycerides',
    'monoglycerides and diglycerides',
  ],
  e481: ['sodium stearoyl lactylate'],
  e500ii: ['baking soda', 'sodium bicarbonate', 'bicarbonate of soda'],
  e500i: ['sodium carbonate'],
  e1520: ['propylene glycol'],
  e503ii: ['ammonium bicarbonate'],
  e551: ['silicon dioxide'],
  e621: ['monosodium glutamate', 'msg'],
  e627: ['disodium guanylate'],
  e631: ['disodium inosinate'],
  e950: ['acesulfame potassium', 'acesulfame k', 'acesulfam k', 'ace k'],
  e955: ['sucralose'],
  e960: ['stevia', 'stevia extract', 'steviol glycosides', 'rebaudioside a', 'reb a'],
  e415: ['xanthan gum'],
  e412: ['guar gum'],
  e410: ['locust bean gum', 'carob bean gum'],
  e414: ['gum arabic', 'acacia gum', 'gum acacia'],
  e407: ['carrageenan'],
  e440: ['pectin', 'fruit pectin'],
  e202: ['potassium sorbate'],
  e211: ['sodium benzoate'],
  e282: ['calcium propionate'],
  e250: ['sodium nitrite'],
  e270: ['lactic acid'],
  e296: ['malic acid'],
  e334: ['tartaric acid'],
  e338: ['phosphoric acid'],
  e331: ['sodium citrate', 'trisodium citrate'],
  e332: ['potassium citrate'],
  e575: ['glucono delta lactone', 'glucono-delta-lactone'],
};

// The ester wordings (ESTER_HEADS × glyceride tails) join our curated names.
for (const [key, heads] of Object.entries(ESTER_HEADS)) {
  CHILEAN_NAMES[key] = [
    ...(CHILEAN_NAMES[key] ?? []),
    ...heads.es.flatMap((h) => GLYCERIDE_TAILS_ES.map((t) => `${h} ${t}`)),
  ];
  ENGLISH_EXTRA[key] = [
    ...(ENGLISH_EXTRA[key] ?? []),
    ...heads.en.flatMap((h) => GLYCERIDE_TAILS_EN.map((t) => `${h} ${t}`)),
  ];
}

/**
 * Names too generic or ambiguous to mean one additive on a label ("citrato", "caramelo", "glucosa"); they are
 * dropped as name matchers (the code still matches). Normalised form.
 */
const AMBIGUOUS_NAMES = new Set([
  'citrate',
  'citrato',
  'citrat',
  'color',
  'colour',
  'colorant',
  'base',
  'alcali',
  'sal',
  'salt',
  'glucose',
  'glucosa',
  'starch',
  'amidon',
  'almidon',
  'carbon',
  'carbonate',
  'phosphate',
  'fosfato',
  'sulfite',
  'sulfito',
  'gum',
  'goma',
  'wax',
  'cera',
  'gas',
  'vitamin c',
  'vitamina c',
  'vitamine c',
  'vitamin e',
  'vitamina e',
  'vitamine e',
  'vitamin b2',
  'vitamina b2',
  'niacin',
  'niacina',
  'iron',
  'hierro',
  'calcium',
  'calcio',
  'zinc',
  'magnesium',
  'magnesio',
  'protein',
  'proteina',
  'lactate',
  'lactato',
  'acetate',
  'acetato',
  'tartrate',
  'tartrato',
  'pectine',
  'argon',
  'nitrogen',
  'nitrogeno',
  'azote',
  'oxygen',
  'oxigeno',
  'helium',
  'helio',
  'hydrogen',
  'hidrogeno',
  'glycine',
  'glicina',
  'leucine',
  'leucina',
  'cysteine',
  'cisteina',
  'gold',
  'oro',
  'silver',
  'plata',
  'aluminium',
  'aluminio',
  'saffron',
  'azafran',
  'caramelized sugar',
  'glutamate',
  'monosodium salt',
  'l glutamic acid',
  'glutamato',
  'e',
  'ins',
  'kaolin',
  'bentonite',
  'bentonita',
  'sodium',
  'sodio',
  'potassium',
  'potasio',
  'cellulose',
  'celulosa',
  'ammonium',
  'amonio',
  'calcium salt',
  'sodium salt',
  'potassium salt',
  'phosphates',
  'fosfatos',
  'citrates',
  'citratos',
  'carbonates',
  'carbonatos',
  'nitrite',
  'nitrate',
  'acid',
  'acido',
  'acidos grasos',
  'fatty acids',
  'acides gras',
  'pirofosfato',
  'pirofosfatos',
  'pyrophosphate',
  'pyrophosphates',
  'urea',
  'sucrose',
  'sacarosa',
  'lecithine',
]);

/** Names that only count after a class word, beyond OFF's own list (they are also plain foods or nutrients). */
const CLASS_WORD_ONLY_EXTRA = new Set([
  'e585',
  'e579',
  'e173',
  'e302',

  'e150',
  'e307',
  'e307a',
  'e307b',
  'e307c',
  'e308',
  'e309',
  'e160',
  'e100',
  'e101',
  'e160a',
  'e160c',
  'e162',
  'e140',
  'e141',
  'e153',
  'e306',
  'e307',
  'e375',
  'e101i',
  'e101ii',
  // Hydrogen is a packaging gas that essentially never reaches an ingredient list; the bare word is a fragment of
  // "hydrogen carbonate" or of an OCR-broken "hydrogen-ated", so it needs "gas de envasado" / "packaging gas".
  'e949',
]);

const ROMAN_SUFFIX = /(?:i{1,3}|iv|v|vi{1,3})$/;

/** A name we curated for one code must not also match another (OFF lists "amarillo ocaso FCF" under E102 too). */
const CURATED_OWNER = new Map<string, string>();
for (const [k, list] of [...Object.entries(CHILEAN_NAMES), ...Object.entries(ENGLISH_EXTRA)]) {
  for (const name of list) CURATED_OWNER.set(normalizeToWords(name), k);
}
function claimedElsewhere(norm: string, code: string): boolean {
  const owner = CURATED_OWNER.get(norm);
  return (
    owner !== undefined &&
    owner !== keyOf(code).replace(/(?:i{1,3}|iv|v|vi{1,3})$/, '') &&
    owner !== keyOf(code)
  );
}

/** Our reading of a few additives whose first OFF class is not how a Chilean label names them. */
const CATEGORY_OVERRIDE: Record<string, AdditiveCategory> = {
  e290: 'gas',
  // Phosphates: OFF lists 'preservative' first, but on a label they regulate acidity, bind water or raise dough.
  e339: 'regulador-de-acidez',
  e340: 'regulador-de-acidez',
  e341: 'regulador-de-acidez',
  e343: 'regulador-de-acidez',
  e451: 'estabilizante',
  e452: 'estabilizante',
  e553b: 'antiaglomerante',
  e341iii: 'antiaglomerante',
  e330: 'acidulante',
  e296: 'acidulante',
  e334: 'acidulante',
  e338: 'acidulante',
  e270: 'acidulante',
  e322: 'emulsionante',
  e471: 'emulsionante',
  e407: 'espesante',
  e415: 'espesante',
  e412: 'espesante',
  e500: 'leudante',
  e503: 'leudante',
  e450: 'leudante',
};

/** OFF's JSON split some names at escaped commas ("Sales sódicas\\", "potásicas y cálcicas …"): join them back. */
function mergeEscapedCommas(names: readonly string[]): string[] {
  const merged: string[] = [];
  for (const name of names) {
    const previous = merged[merged.length - 1];
    if (previous !== undefined && previous.endsWith('\\'))
      merged[merged.length - 1] = `${previous.slice(0, -1)}, ${name.trim()}`;
    else merged.push(name);
  }
  return merged;
}

/** OFF's English names are mostly British; US labels (most of the shared sample) spell them the US way. */
function withUsSpellings(names: readonly string[]): string[] {
  const out: string[] = [];
  for (const name of names) {
    out.push(name);
    const us = name
      .replace(/aluminium/gi, 'aluminum')
      .replace(/sulph/gi, 'sulf')
      .replace(/colour/gi, 'color')
      .replace(/flavour/gi, 'flavor');
    if (us !== name) out.push(us);
  }
  return out;
}

function cleanNames(rawNames: readonly string[], code: string): string[] {
  const names = mergeEscapedCommas(rawNames);
  const out: string[] = [];
  const seen = new Set<string>();
  for (const raw of names) {
    const name = raw.replace(/\\/g, '').replace(/\s+/g, ' ').trim();
    const norm = normalizeToWords(name);
    if (norm.length < 3 && norm !== 'cmc') continue;
    if (/(^|\s)(e|ins)\s*\d{3}/.test(norm) || /\b(cas|fema|ci|c i)\b.*\d/.test(norm)) continue; // codes are read by the code reader
    if (claimedElsewhere(norm, code)) continue;
    if (SHARED_NAMES.has(norm) && CURATED_OWNER.get(norm) === undefined) continue;
    if (/^\d/.test(norm)) continue;
    if (AMBIGUOUS_NAMES.has(norm)) continue;
    if (normalizeToWords(code) === norm) continue;
    if (seen.has(norm)) continue;
    seen.add(norm);
    out.push(name);
  }
  return out;
}

function sentenceCase(s: string): string {
  return s.length === 0 ? s : s[0]!.toUpperCase() + s.slice(1);
}

/** Names OFF lists under two different additives ("propylene glycol" under E490 and E1520) are ambiguous. */
const baseOf = (id: string): string => keyOf(id.split('-')[0] ?? id);
const namesByBase = new Map<string, Set<string>>();
for (const a of off) {
  for (const n of [
    ...a.synonyms_es,
    ...a.synonyms_en,
    ...(a.name_en ? [a.name_en] : []),
    ...(a.name_es ? [a.name_es] : []),
  ]) {
    const norm = normalizeToWords(n);
    const set = namesByBase.get(norm) ?? new Set<string>();
    set.add(baseOf(a.id));
    namesByBase.set(norm, set);
  }
}
const SHARED_NAMES = new Set(
  [...namesByBase.entries()].filter(([, bases]) => bases.size > 1).map(([n]) => n),
);

const additivesOnly = off.filter((a) => /^en:e\d{3,4}[a-z]?(?:-[ivx]+)?$/.test(a.id));
const policyInputs = new Map<string, PolicyInput>(
  additivesOnly.map((a) => {
    const key = keyOf(a.id);
    const stripped = key.replace(ROMAN_SUFFIX, '');
    // OFF's parent, else the entry the code extends: E339(i) → E339, E960b → E960.
    const lettered = /^(e\d+)[a-z]$/.exec(key)?.[1];
    const parentKey = a.parents[0]
      ? keyOf(a.parents[0])
      : a.id.includes('-') && OFF_BY_ID.has(`en:${stripped}`)
        ? stripped
        : lettered && OFF_BY_ID.has(`en:${lettered}`)
          ? lettered
          : null;
    const n = Number.parseInt(a.id.replace(/^en:e/, ''), 10);
    return [
      key,
      {
        key,
        parentKey,
        ins: displayCode(a.id).slice(1),
        category: categoryOf(a, n),
        classes: [
          ...a.additives_classes,
          ...a.parents.flatMap((x) => OFF_BY_ID.get(x)?.additives_classes ?? []),
        ].flatMap((c) => CLASS_MAP.filter(([off]) => off === c).map(([, ours]) => ours)),
        efsa: {
          overexposure:
            (a.efsa_evaluation_overexposure_risk?.replace('en:', '') as 'high' | 'moderate' | 'no' | null) ??
            null,
          year: a.efsa_evaluation_date?.slice(0, 4) ?? null,
          url: a.efsa_evaluation_url,
          title: a.efsa_evaluation,
          groupsAboveAdi: a.efsa_exposure_95th_above_adi,
        },
        nonNutritiveSweetener:
          a.non_nutritive_sweetener ||
          (parentKey ? (OFF_BY_ID.get(`en:${parentKey}`)?.non_nutritive_sweetener ?? false) : false),
      },
    ];
  }),
);
const groups = groupFindings([...policyInputs.values()]);

const entries: AdditiveDef[] = [];
for (const a of additivesOnly) {
  const key = keyOf(a.id);
  const n = Number.parseInt(a.id.replace(/^en:e/, ''), 10); // e_number is missing on a few OFF entries (E270)
  const code = displayCode(a.id);
  const chilean = CHILEAN_NAMES[key] ?? [];
  const firstName = (list: readonly string[]): string | undefined =>
    mergeEscapedCommas(list).find((n) => !/^e\s*\d/i.test(n));
  const offNameEs = a.name_es?.endsWith('\\') ? firstName(a.synonyms_es) : a.name_es;
  const usable = (n: string | null | undefined): n is string =>
    !!n && !/^e\s*\d/i.test(n) && !claimedElsewhere(normalizeToWords(n), code);
  // A primary name we curated for another additive (E490 "propilenglicol" is E1520 on labels) yields to a synonym.
  const nameEs =
    DISPLAY_NAMES[key] ?? [offNameEs, ...a.synonyms_es, a.name_en].find(usable) ?? chilean[0] ?? code;
  const es = cleanNames([...chilean.map(withSpanishAccents), ...a.synonyms_es], code).filter(
    (s) => normalizeToWords(s) !== normalizeToWords(nameEs),
  );
  const en = cleanNames(
    withUsSpellings([...(ENGLISH_EXTRA[key] ?? []), ...(a.name_en ? [a.name_en] : []), ...a.synonyms_en]),
    code,
  );
  const fr = cleanNames(a.synonyms_fr, code).slice(0, 6);
  // Hydrogen is an ambiguous word, kept only for E949, which needs a class word ("packaging gas: hydrogen").
  if (key === 'e949') en.push('hydrogen');
  const risk = assess(policyInputs.get(key)!, groups);
  // A display name that is itself an ambiguous word ("Ácidos grasos", "Nitrógeno", "Glicina") is still matched
  // by the matcher, which reads every entry's name: then the entry needs a class word, or "ésteres de poliglicerol
  // de ácidos grasos" and "ácidos grasos trans" in a nutrition table read as E570.
  const mandatoryClass =
    'mandatory_additive_class' in a.other_properties ||
    CLASS_WORD_ONLY_EXTRA.has(key) ||
    AMBIGUOUS_NAMES.has(normalizeToWords(nameEs));
  const def: AdditiveDef = {
    code,
    name: sentenceCase(nameEs),
    alternativeNames: es,
    englishNames: en,
    ...(fr.length > 0 ? { frenchNames: fr } : {}),
    category: categoryOf(a, n),
    riskLevel: risk.riskLevel,
    riskRule: risk.riskRule,
    reason: risk.reason,
    source: risk.source,
    ...(mandatoryClass ? { nameRequiresClassWord: true } : {}),
  };
  entries.push(def);
}

/**
 * A name listed by a class-word-only additive and by its own sub-variant that needs no class word ("potassium
 * carbonate" under E501 and E501i, "monocalcium phosphate" under E341 and E341i) belongs to the sub-variant, the
 * more specific entry. Before, the matcher gave it to whichever came first in its pass, so one name needed a class
 * word in English and not in Spanish ("monocalcium phosphate" vs "fosfato monocálcico"). Parents whose class-word
 * rule is our own decision (CLASS_WORD_ONLY_EXTRA: E160a "beta caroteno", E101, E140, E141 are also nutrients)
 * keep their names and rule; so do parents that need no class word (their reported code stays the parent's).
 */
{
  /** Every name of an entry, in every language, as the matcher compares them. */
  const namesOf = (entry: AdditiveDef) =>
    new Set(
      [entry.name, ...entry.alternativeNames, ...(entry.englishNames ?? []), ...(entry.frenchNames ?? [])].map(
        normalizeToWords,
      ),
    );
  /** Takes `names` out of an entry's other names, in every language (its own name stays). */
  const withoutNames = (entry: AdditiveDef, names: Set<string>) => {
    const drop = (list: string[]): string[] => list.filter((n) => !names.has(normalizeToWords(n)));
    entry.alternativeNames = drop(entry.alternativeNames);
    if (entry.englishNames) entry.englishNames = drop(entry.englishNames);
    if (entry.frenchNames) entry.frenchNames = drop(entry.frenchNames);
  };
  const byKey = new Map(entries.map((e) => [keyOf(e.code), e]));
  for (const child of entries) {
    const childKey = keyOf(child.code);
    const parentKey = childKey.replace(ROMAN_SUFFIX, '');
    const parent = byKey.get(parentKey);
    if (!parent || parent === child) continue;
    if (CLASS_WORD_ONLY_EXTRA.has(parentKey)) {
      // Our class-word rule for the parent (a nutrient or food too) holds for its sub-variants: the 2026 taxonomy
      // names E160a(i) "beta carotene" as well, which alone is vitamin A on a label. The parent keeps the name.
      withoutNames(child, namesOf(parent));
      child.nameRequiresClassWord = true;
      continue;
    }
    if (!parent.nameRequiresClassWord || child.nameRequiresClassWord) continue;
    withoutNames(parent, namesOf(child));
  }
}

entries.sort((x, y) => {
  const nx = Number.parseInt(x.code.slice(1), 10);
  const ny = Number.parseInt(y.code.slice(1), 10);
  return nx - ny || x.code.localeCompare(y.code);
});

const header = `/**
 * Our additive catalogue: ${entries.length} additives a Chilean label may carry, with our risk level, a one-line reason
 * and its source. Generated once by scripts/generate-additive-catalogue.ts from facts in Open Food Facts'
 * additive taxonomy (E/INS numbers, names; ODbL, © Open Food Facts contributors) plus our own risk policy,
 * reasons and Chilean label wording (docs/scoring.md). This module, not the generator, is the source of truth.
 */
import type { AdditiveDef } from '../types.ts';

export const ADDITIVE_CATALOGUE: readonly AdditiveDef[] = [
`;
const body = entries.map((e) => `  ${JSON.stringify(e)},`).join('\n');
const outPath = fileURLToPath(new URL('../src/additives/additive-catalogue.ts', import.meta.url));
writeFileSync(outPath, `${header}${body}\n];\n`);
console.log(`wrote ${entries.length} additives to ${outPath}`);
