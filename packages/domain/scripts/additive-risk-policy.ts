/**
 * Our additive risk policy (docs/scoring.md §1), used by generate-additive-catalogue.ts. Ordered rules, the first
 * that matches decides the level; each entry's reason is written from the facts that decided it (function,
 * evidence with its year, who should care, status in the EU and Chile) and carries its sources.
 *
 * Facts from Open Food Facts' 2026 taxonomy: EFSA opinion, year, DOI, over-exposure flag and the population groups
 * above the ADI, the non-nutritive-sweetener flag. Facts that are ours, each cited in the tables below: EU
 * authorisation history (Reg. (EC) 1333/2008 and its amendments), IARC classifications, the WHO 2023 guideline.
 */
import type { AdditiveCategory, RiskLevel } from '../src/types.ts';

export type RiskRule =
  | 'exception'
  | 'withdrawn-for-safety'
  | 'iarc-1-2a'
  | 'efsa-high'
  | 'withdrawn-no-data'
  | 'iarc-2b'
  | 'eu-warning-colour'
  | 'who-nss-2023'
  | 'efsa-moderate'
  | 'no-alert';

/** The rules in the order they are applied (docs/scoring.md §1). */
export const RULE_ORDER: readonly { rule: RiskRule; level: RiskLevel }[] = [
  { rule: 'exception', level: 'Riesgo posible (Debate)' },
  { rule: 'withdrawn-for-safety', level: 'Riesgoso' },
  { rule: 'iarc-1-2a', level: 'Riesgoso' },
  { rule: 'efsa-high', level: 'Riesgoso' },
  { rule: 'withdrawn-no-data', level: 'Riesgo posible (Debate)' },
  { rule: 'iarc-2b', level: 'Riesgo posible (Debate)' },
  { rule: 'eu-warning-colour', level: 'Riesgo posible (Debate)' },
  { rule: 'who-nss-2023', level: 'Riesgo posible (Debate)' },
  { rule: 'efsa-moderate', level: 'Riesgo posible (Debate)' },
  { rule: 'no-alert', level: 'Sin riesgo conocido' },
];

/** What the policy needs to know about one taxonomy entry. */
export type PolicyInput = {
  key: string;
  /** Parent key for sub-variants ("e339" for "e339i"), else null. */
  parentKey: string | null;
  /** INS number as printed in Chile ("211", "150d", "322(i)"). */
  ins: string;
  category: AdditiveCategory;
  /** Every functional class OFF gives the entry (or its parent), as our categories. */
  classes: AdditiveCategory[];
  efsa: {
    overexposure: 'high' | 'moderate' | 'no' | null;
    year: string | null;
    url: string | null;
    title: string | null;
    groupsAboveAdi: string | null;
  };
  nonNutritiveSweetener: boolean;
};

export type PolicyResult = { riskLevel: RiskLevel; riskRule: RiskRule; reason: string; source: string };

// ---- Facts that are ours ---------------------------------------------------------------------------------

/**
 * The EU's list of authorised food additives (Reg. (EC) 1333/2008, Annex II part B, consolidated text 2023-07-20
 * and later amendments). Sub-variants ("e322i") share their parent's status; a generic code ("e150") is in the
 * list when one of its lettered classes is.
 */
const EU_UNION_LIST = new Set(
  `100 101 102 104 110 120 122 123 124 127 129 131 132 133 140 141 142 150a 150b 150c 150d 151 153 155 160a 160b
  160c 160d 160e 161b 161g 162 163 170 172 173 174 175 180 200 202 210 211 212 213 214 215 218 219 220 221 222 223
  224 226 227 228 234 235 239 242 243 246 249 250 251 252 260 261 262 263 270 280 281 282 283 284 285 290 296 297
  300 301 302 304 306 307 308 309 310 311 312 315 316 319 320 321 322 325 326 327 330 331 332 333 334 335 336 337
  338 339 340 341 343 350 351 352 353 354 355 356 357 363 380 385 392 400 401 402 403 404 405 406 407 407a 410
  412 413 414 415 416 417 418 420 421 422 425 426 427 431 432 433 434 435 436 440 442 444 445 450 451 452 459 460
  461 462 463 464 465 466 468 469 470a 470b 471 472a 472b 472c 472d 472e 472f 473 474 475 476 477 479b 481 482 483
  491 492 493 494 495 499 500 501 503 504 507 508 509 511 512 513 514 515 516 517 520 521 522 523 524 525 526 527
  528 529 530 535 536 538 541 551 552 553a 553b 554 555 556 559 570 574 575 576 577 578 579 585 586 620 621 622
  623 624 625 626 627 628 629 630 631 632 633 634 635 640 650 900 901 902 903 904 905 907 912 914 920 927b 938
  939 941 942 943a 943b 944 948 949 950 951 952 953 954 955 957 959 960 960a 960b 960c 960d 961 962 964 965 966
  967 968 969 999 1103 1105 1200 1201 1202 1203 1204 1205 1206 1207 1208 1209 1404 1410 1412 1413 1414 1420 1422
  1440 1442 1450 1451 1452 1505 1517 1518 1519 1520 1521`
    .split(/\s+/)
    .map((c) => `e${c}`),
);

/** Withdrawn or refused in the EU (or by JECFA) because of a safety finding. */
const WITHDRAWN_FOR_SAFETY: Record<string, { text: string; source: string }> = {
  e128: {
    text: 'la UE lo suspendió en 2007 porque en el cuerpo se transforma en anilina, que puede dañar el ADN',
    source: 'Reg. (CE) 884/2007; EFSA Journal 2007;515',
  },
  e171: {
    text: 'la UE lo prohibió en 2022 porque EFSA (2021) no pudo descartar que dañe el ADN',
    source: 'Reg. (UE) 2022/63; EFSA Journal 2021;19(5):6585',
  },
  e216: {
    text: 'la UE lo retiró en 2006 por efectos sobre las hormonas sexuales en ratas jóvenes (EFSA 2004)',
    source: 'Dir. 2006/52/CE; EFSA Journal 2004;83',
  },
  e217: {
    text: 'la UE lo retiró en 2006 por efectos sobre las hormonas sexuales en ratas jóvenes (EFSA 2004)',
    source: 'Dir. 2006/52/CE; EFSA Journal 2004;83',
  },
  e924: {
    text: 'JECFA retiró en 1992 su uso en harinas porque causa cáncer en animales; la UE no lo autoriza',
    source: 'JECFA, 39.ª reunión (1992); IARC vol. 73 (1999)',
  },
  e924a: {
    text: 'JECFA retiró en 1992 su uso en harinas porque causa cáncer en animales; la UE no lo autoriza',
    source: 'JECFA, 39.ª reunión (1992); IARC vol. 73 (1999)',
  },
  e924b: {
    text: 'como el bromato de potasio, JECFA no acepta bromatos en harinas desde 1992; la UE no lo autoriza',
    source: 'JECFA, 39.ª reunión (1992)',
  },
};

/** Removed from the EU list because nobody supplied the data to confirm their safety (no finding of harm). */
const WITHDRAWN_NO_DATA: Record<string, { text: string; source: string }> = {
  e103: {
    text: 'la UE lo sacó de su lista en 1977 sin datos que confirmaran su seguridad',
    source: 'Dir. 76/399/CEE',
  },
  e105: {
    text: 'la UE lo sacó de su lista en 1977 sin datos que confirmaran su seguridad',
    source: 'Dir. 76/399/CEE',
  },
  e107: {
    text: 'la UE lo sacó de su lista en 1984 sin datos que confirmaran su seguridad',
    source: 'Dir. 84/458/CEE',
  },
  e111: {
    text: 'la UE lo sacó de su lista en 1977 sin datos que confirmaran su seguridad',
    source: 'Dir. 76/399/CEE',
  },
  e125: {
    text: 'la UE lo sacó de su lista en 1977 sin datos que confirmaran su seguridad',
    source: 'Dir. 76/399/CEE',
  },
  e126: {
    text: 'la UE lo sacó de su lista en 1977 sin datos que confirmaran su seguridad',
    source: 'Dir. 76/399/CEE',
  },
  e130: {
    text: 'la UE lo sacó de su lista en 1977 sin datos que confirmaran su seguridad',
    source: 'Dir. 76/399/CEE',
  },
  e203: {
    text: 'la UE lo retiró en 2018 porque faltaban los estudios de genotoxicidad que EFSA pidió en 2015',
    source: 'Reg. (UE) 2018/98; EFSA Journal 2015;13(6):4144',
  },
  e925: {
    text: 'la UE no lo incluyó en su lista de aditivos de 2008: nunca lo autorizó para blanquear harina',
    source: 'Reg. (CE) 1333/2008, anexo II',
  },
  e926: {
    text: 'la UE no lo incluyó en su lista de aditivos de 2008: nunca lo autorizó para blanquear harina',
    source: 'Reg. (CE) 1333/2008, anexo II',
  },
};

/** IARC Monographs classifications of the additive or of what it carries or forms. */
const IARC: Record<string, { group: '1' | '2A' | '2B'; what: string; source: string }> = {
  e240: { group: '1', what: 'el formaldehído', source: 'IARC vol. 100F (2012)' },
  e249: { group: '2A', what: 'el nitrito ingerido que forma nitrosaminas', source: 'IARC vol. 94 (2010)' },
  e250: { group: '2A', what: 'el nitrito ingerido que forma nitrosaminas', source: 'IARC vol. 94 (2010)' },
  e251: { group: '2A', what: 'el nitrato ingerido que forma nitrosaminas', source: 'IARC vol. 94 (2010)' },
  e252: { group: '2A', what: 'el nitrato ingerido que forma nitrosaminas', source: 'IARC vol. 94 (2010)' },
  e553b: { group: '2A', what: 'el talco', source: 'IARC vol. 136 (2024)' },
  e121: { group: '2B', what: 'el rojo cítrico 2', source: 'IARC vol. 8 (1975)' },
  e150c: { group: '2B', what: 'el 4-metilimidazol (4-MEI) que contiene', source: 'IARC vol. 101 (2013)' },
  e150d: { group: '2B', what: 'el 4-metilimidazol (4-MEI) que contiene', source: 'IARC vol. 101 (2013)' },
  e152: { group: '2B', what: 'el negro de carbón', source: 'IARC vol. 93 (2010)' },
  e171: { group: '2B', what: 'el dióxido de titanio', source: 'IARC vol. 93 (2010)' },
  e232: { group: '2B', what: 'el ortofenilfenato de sodio', source: 'IARC vol. 73 (1999)' },
  e320: { group: '2B', what: 'el BHA', source: 'IARC vol. 40 (1986)' },
  e924: { group: '2B', what: 'el bromato de potasio', source: 'IARC vol. 73 (1999)' },
  e924a: { group: '2B', what: 'el bromato de potasio', source: 'IARC vol. 73 (1999)' },
  e951: { group: '2B', what: 'el aspartamo', source: 'IARC vol. 134 (2023)' },
};

/** Colours whose label must warn about children's activity and attention (Reg. (EC) 1333/2008, Annex V). */
const EU_WARNING_COLOURS = new Set(['e102', 'e104', 'e110', 'e122', 'e124', 'e129']);

/** Where we depart from the rules, with the reason (docs/scoring.md §1, "Excepciones"). */
const EXCEPTIONS: Record<string, { level: RiskLevel; text: string; source: string }> = {
  e243: {
    level: 'Riesgo posible (Debate)',
    text: 'EFSA (2019) calculó que con los usos actuales niños pequeños y niños en el percentil 95 ya alcanzan la ingesta diaria admisible, sin superarla',
    source: 'EFSA Journal 2019;17(3):5621',
  },
  e553b: {
    level: 'Riesgo posible (Debate)',
    text: 'la IARC (2024) clasificó el talco como probable carcinógeno (grupo 2A) por inhalación y uso en la zona genital, no por comerlo; EFSA no tiene alerta para su uso en alimentos',
    source: 'IARC vol. 136 (2024)',
  },
  e173: {
    level: 'Riesgo posible (Debate)',
    text: 'EFSA (2008) estimó que parte de la población supera la ingesta semanal tolerable de aluminio por la dieta total',
    source: 'EFSA Journal 2008;754',
  },
};

/** Who should care, where a fact narrows it (allergy-like reactions, a group, a condition). */
const WHO_CARES: Record<string, string> = {
  sulfites:
    'Las personas con asma o sensibles a los sulfitos deben evitarlo; es un alérgeno de declaración obligatoria',
  benzoates: 'Puede causar reacciones en personas sensibles a la aspirina',
  phosphates: 'Importa en niños y en personas con enfermedad renal',
  nitrites: 'Importa a quien come cecinas a diario, y más en niños',
  aspartame: 'Contiene fenilalanina: no apto para personas con fenilcetonuria',
  polyols: 'En cantidad tiene efecto laxante, sobre todo en niños',
  azo: 'Importa sobre todo en niños; puede causar reacciones en personas sensibles a la aspirina',
  carrageenan: 'EFSA no pudo confirmar su seguridad en fórmulas para lactantes',
  konjac: 'En gelatinas pequeñas la UE lo prohíbe por riesgo de asfixia en niños',
  carmine: 'Puede causar alergia en personas sensibles; no es vegano',
  nss: 'Importa en niños y en el embarazo, y a quien lo usa para bajar de peso',
};
const CARE_OF: Record<string, keyof typeof WHO_CARES> = {};
for (const k of ['e220', 'e221', 'e222', 'e223', 'e224', 'e225', 'e226', 'e227', 'e228'])
  CARE_OF[k] = 'sulfites';
for (const k of ['e210', 'e211', 'e212', 'e213']) CARE_OF[k] = 'benzoates';
for (const k of ['e338', 'e339', 'e340', 'e341', 'e343', 'e450', 'e451', 'e452']) CARE_OF[k] = 'phosphates';
for (const k of ['e249', 'e250', 'e251', 'e252']) CARE_OF[k] = 'nitrites';
for (const k of ['e951', 'e962']) CARE_OF[k] = 'aspartame';
for (const k of ['e420', 'e421', 'e953', 'e965', 'e966', 'e967', 'e968']) CARE_OF[k] = 'polyols';
for (const k of ['e102', 'e110', 'e122', 'e124', 'e129', 'e104']) CARE_OF[k] = 'azo';
for (const k of ['e407', 'e407a']) CARE_OF[k] = 'carrageenan';
CARE_OF['e425'] = 'konjac';
CARE_OF['e120'] = 'carmine';

const FUNCTION: Record<AdditiveCategory, string> = {
  colorante: 'Colorante: da o devuelve color al alimento',
  preservante: 'Preservante: frena mohos, levaduras o bacterias',
  antioxidante: 'Antioxidante: evita que grasas y colores se oxiden',
  acidulante: 'Acidulante: da sabor ácido',
  'regulador-de-acidez': 'Regulador de acidez: mantiene el pH del alimento',
  emulsionante: 'Emulsionante: mantiene mezclados el agua y la grasa',
  estabilizante: 'Estabilizante: mantiene la textura y evita que se separe',
  espesante: 'Espesante: da cuerpo y textura',
  gelificante: 'Gelificante: forma geles',
  edulcorante: 'Edulcorante: endulza',
  'potenciador-del-sabor': 'Potenciador del sabor: realza el sabor salado',
  antiaglomerante: 'Antiaglomerante: evita que los polvos se apelmacen',
  leudante: 'Leudante: hace crecer masas y queques',
  humectante: 'Humectante: evita que el alimento se seque',
  'agente-de-recubrimiento': 'Agente de recubrimiento: da brillo o protege la superficie',
  'mejorador-de-harina': 'Mejorador de harina: cambia cómo se comporta la masa',
  secuestrante: 'Secuestrante: atrapa metales que dañan el alimento',
  gas: 'Gas de envasado o propelente',
  'almidon-modificado': 'Almidón modificado: espesa y estabiliza',
  otro: 'Aditivo de uso técnico',
};

/** The other classes, as a shopper reads them ("también secuestrante y estabilizante"). */
const CLASS_LABEL: Record<AdditiveCategory, string> = {
  colorante: 'colorante',
  preservante: 'preservante',
  antioxidante: 'antioxidante',
  acidulante: 'acidulante',
  'regulador-de-acidez': 'regulador de acidez',
  emulsionante: 'emulsionante',
  estabilizante: 'estabilizante',
  espesante: 'espesante',
  gelificante: 'gelificante',
  edulcorante: 'edulcorante',
  'potenciador-del-sabor': 'potenciador del sabor',
  antiaglomerante: 'antiaglomerante',
  leudante: 'leudante',
  humectante: 'humectante',
  'agente-de-recubrimiento': 'agente de recubrimiento',
  'mejorador-de-harina': 'mejorador de harina',
  secuestrante: 'secuestrante',
  gas: 'gas',
  'almidon-modificado': 'almidón modificado',
  otro: 'aditivo técnico',
};

function joinEs(items: readonly string[]): string {
  return items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} y ${items[items.length - 1]}`;
}

const POPULATION: Record<string, string> = {
  infants: 'lactantes',
  toddlers: 'niños pequeños',
  children: 'niños',
  adolescents: 'adolescentes',
  adolescent: 'adolescentes',
  adults: 'adultos',
  elderly: 'adultos mayores',
};

/** "en:adults, en:children, en:toddlers" → "adultos, niños y niños pequeños". */
function populations(groups: string | null): string {
  const names = [
    ...new Set(
      (groups ?? '')
        .split(',')
        .map((g) => POPULATION[g.trim().replace(/^en:/, '')])
        .filter((g): g is string => g !== undefined),
    ),
  ];
  if (names.length === 0) return 'parte de la población';
  if (names.length >= 5) return 'personas de todas las edades';
  return joinEs(names);
}

/** Codes an EFSA opinion names in its title: "(E 338–341, E 343 and E 450–452)", "(E 150 a,b,c,d)", "(E 620)". */
export function codesInTitle(title: string): string[] {
  const out: string[] = [];
  const re = /E\s?(\d{3,4})(\s?[a-z](?:\s?,\s?[a-z](?![a-z]))*(?![a-z]))?(?:\s?[–-]\s?(\d{3,4}))?/g;
  for (const m of title.matchAll(re)) {
    const from = Number(m[1]);
    const to = m[3] ? Number(m[3]) : from;
    const letters = (m[2] ?? '').replace(/[\s,]/g, '').split('').filter(Boolean);
    for (let n = from; n <= to && to - from < 20; n++) {
      if (letters.length > 0 && n === from) for (const l of letters) out.push(`e${n}${l}`);
      else out.push(`e${n}`);
    }
  }
  return out;
}

const RANK = { high: 3, moderate: 2, no: 1 } as const;

/**
 * Group opinions: an EFSA opinion covers the entries that cite it and the codes its title names; its
 * over-exposure finding (the highest its members record) applies to every member, and sub-variants take their
 * parent's. Returns, per key, the finding and the opinion it comes from.
 */
export function groupFindings(inputs: readonly PolicyInput[]): Map<string, PolicyInput['efsa']> {
  const opinions = new Map<string, { efsa: PolicyInput['efsa']; members: Set<string> }>();
  for (const i of inputs) {
    if (!i.efsa.url || !i.efsa.title) continue;
    const id = i.efsa.url.replace(/^https?:\/\/(dx\.)?doi\.org\/|^.*\/doi\//, '').toLowerCase();
    const o = opinions.get(id) ?? {
      efsa: { ...i.efsa, overexposure: null },
      members: new Set(codesInTitle(i.efsa.title)),
    };
    o.members.add(i.key);
    const current = o.efsa.overexposure ? RANK[o.efsa.overexposure] : 0;
    if (i.efsa.overexposure && RANK[i.efsa.overexposure] > current) {
      o.efsa = { ...i.efsa };
    }
    opinions.set(id, o);
  }
  const best = new Map<string, PolicyInput['efsa']>();
  const consider = (key: string, efsa: PolicyInput['efsa']): void => {
    const prev = best.get(key);
    const rank = (e: PolicyInput['efsa'] | undefined): number => (e?.overexposure ? RANK[e.overexposure] : 0);
    if (!prev || rank(efsa) > rank(prev)) best.set(key, efsa);
  };
  for (const i of inputs) if (i.efsa.title) consider(i.key, i.efsa);
  for (const o of opinions.values()) for (const m of o.members) if (o.efsa.overexposure) consider(m, o.efsa);
  // A sub-variant no opinion speaks of takes its parent's finding.
  for (const i of inputs) {
    const parent = i.parentKey ? best.get(i.parentKey) : undefined;
    if (parent && !best.has(i.key)) best.set(i.key, parent);
  }
  return best;
}

function euStatus(i: PolicyInput): string {
  const keys = [i.key, i.parentKey ?? ''];
  if (keys.some((k) => WITHDRAWN_FOR_SAFETY[k] || WITHDRAWN_NO_DATA[k])) return 'no autorizado en la UE';
  const listed =
    keys.some((k) => EU_UNION_LIST.has(k)) ||
    [...EU_UNION_LIST].some(
      (k) => /^e\d+$/.test(i.key) && k.startsWith(i.key) && /[a-z]$/.test(k.slice(i.key.length)),
    );
  return listed ? 'autorizado en la UE' : 'no figura en la lista de aditivos de la UE';
}

function efsaSource(e: PolicyInput['efsa']): string {
  const doi = e.url?.match(/10\.2903\/j\.efsa\.\d{4}\.\d+/)?.[0];
  return `EFSA${e.year ? ` ${e.year}` : ''}${doi ? `, doi:${doi}` : ''}`;
}

/** The level, the rule that decided it, and a reason written for a shopper. */
export function assess(i: PolicyInput, group: Map<string, PolicyInput['efsa']>): PolicyResult {
  const k = i.key;
  const p = i.parentKey ?? '';
  const efsa = group.get(k) ?? i.efsa;
  const sources: string[] = [];
  const evidence: string[] = [];
  let rule: RiskRule = 'no-alert';

  const exception = EXCEPTIONS[k] ?? EXCEPTIONS[p];
  const withdrawn = WITHDRAWN_FOR_SAFETY[k] ?? WITHDRAWN_FOR_SAFETY[p];
  const noData = WITHDRAWN_NO_DATA[k] ?? WITHDRAWN_NO_DATA[p];
  const iarc = IARC[k] ?? IARC[p];
  const nss = i.nonNutritiveSweetener;
  const warning = EU_WARNING_COLOURS.has(k) || EU_WARNING_COLOURS.has(p);

  if (exception) rule = 'exception';
  else if (withdrawn) rule = 'withdrawn-for-safety';
  else if (iarc && iarc.group !== '2B') rule = 'iarc-1-2a';
  else if (efsa.overexposure === 'high') rule = 'efsa-high';
  else if (noData) rule = 'withdrawn-no-data';
  else if (iarc) rule = 'iarc-2b';
  else if (warning) rule = 'eu-warning-colour';
  else if (nss) rule = 'who-nss-2023';
  else if (efsa.overexposure === 'moderate') rule = 'efsa-moderate';

  // Evidence, strongest first; every fact that applies is told, not only the deciding one.
  if (exception) {
    evidence.push(exception.text);
    sources.push(exception.source);
  }
  if (withdrawn) {
    evidence.push(withdrawn.text);
    sources.push(withdrawn.source);
  }
  if (noData) {
    evidence.push(noData.text);
    sources.push(noData.source);
  }
  if (iarc && !(exception && k === 'e553b')) {
    const label =
      iarc.group === '1'
        ? 'carcinógeno'
        : iarc.group === '2A'
          ? 'probable carcinógeno'
          : 'posible carcinógeno';
    evidence.push(
      `la IARC (${/\((\d{4})\)/.exec(iarc.source)?.[1]}) clasifica ${iarc.what} como ${label} (grupo ${iarc.group}, monografía ${/vol\. (\w+)/.exec(iarc.source)?.[1]})`,
    );
    sources.push(iarc.source);
  }
  if (efsa.title && !exception && !withdrawn) {
    const opinionCovers =
      efsa !== i.efsa && efsa.title ? ` (opinión de grupo: ${groupLabel(efsa.title)})` : '';
    if (efsa.overexposure === 'high')
      evidence.push(
        `EFSA (${efsa.year?.slice(0, 4)}) estimó que ${populations(efsa.groupsAboveAdi)} con alto consumo superan la ingesta diaria admisible${opinionCovers}`,
      );
    else if (efsa.overexposure === 'moderate')
      evidence.push(
        `EFSA (${efsa.year?.slice(0, 4)}) estimó que ${populations(efsa.groupsAboveAdi)} con alto consumo podrían superar la ingesta diaria admisible${opinionCovers}`,
      );
    else if (efsa.overexposure === 'no')
      evidence.push(`EFSA (${efsa.year?.slice(0, 4)}) no encontró sobreexposición con la dieta habitual`);
    else evidence.push(`EFSA lo evaluó en ${efsa.year?.slice(0, 4)} sin señalar sobreexposición`);
    sources.push(efsaSource(efsa));
  }
  if (warning) {
    evidence.push(
      'en la UE su etiqueta debe advertir que puede afectar la actividad y la atención de los niños (estudio de Southampton, 2007)',
    );
    sources.push('Reg. (CE) 1333/2008, anexo V; McCann et al., Lancet 2007');
  }
  if (nss) {
    evidence.push(
      'la OMS (2023) desaconseja los edulcorantes sin azúcar para controlar el peso: no ayudan a largo plazo y se asocian, con evidencia débil, a diabetes tipo 2 y enfermedad cardiovascular',
    );
    sources.push('OMS, Use of non-sugar sweeteners: WHO guideline (2023)');
  }
  if (evidence.length === 0) evidence.push('ni EFSA ni la IARC han señalado un riesgo');

  const care = CARE_OF[k] ?? CARE_OF[p] ?? (nss ? 'nss' : undefined);
  const status = `${euStatus(i)}; en Chile se rotula como INS ${i.ins}.`;
  const others = i.classes.filter((c) => c !== i.category && c !== 'otro').map((c) => CLASS_LABEL[c]);
  const does = `${FUNCTION[i.category]}${others.length > 0 ? ` (también ${joinEs([...new Set(others)].slice(0, 3))})` : ''}`;
  const first = `${does}; ${evidence.join('; ')}.`;
  const reason = `${first} ${care ? `${WHO_CARES[care]}; ${status}` : sentence(status)}`;
  sources.push(
    euStatus(i) === 'autorizado en la UE' ? 'Reg. (CE) 1333/2008, anexo II' : 'Reg. (CE) 1333/2008',
    'RSA Chile (DS 977/96), art. 136; Codex CAC/GL 36 (INS)',
  );
  const level = RULE_ORDER.find((r) => r.rule === rule)!.level;
  return {
    riskLevel: exception ? exception.level : level,
    riskRule: rule,
    reason,
    source: [...new Set(sources)].join('; '),
  };
}

function sentence(s: string): string {
  return s.length === 0 ? s : s[0]!.toUpperCase() + s.slice(1);
}

/** "Re-evaluation of phosphoric acid–phosphates (E 338–341, E 343 and E 450–452)" → "E338–E341, E343 y E450–E452". */
function groupLabel(title: string): string {
  const codes = [...new Set(codesInTitle(title))];
  const parts: string[] = [];
  for (let i = 0; i < codes.length; i++) {
    let j = i;
    while (
      j + 1 < codes.length &&
      /^e\d+$/.test(codes[j + 1]!) &&
      Number(codes[j + 1]!.slice(1)) === Number(codes[j]!.slice(1)) + 1
    )
      j++;
    if (j > i + 1) {
      parts.push(`E${codes[i]!.slice(1)}–E${codes[j]!.slice(1)}`);
      i = j;
    } else parts.push(codes[i]!.replace(/^e/, 'E'));
  }
  return joinEs(parts.map((p) => p.replace(/^E(\d+)([a-z])/, 'E$1$2')));
}
