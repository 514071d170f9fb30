import type { Seal } from '@etiqueta/domain';

const SEAL_LABELS: ReadonlySet<string> = new Set<Seal['label']>([
  'ALTO EN CALORÍAS',
  'ALTO EN SODIO',
  'ALTO EN AZÚCARES',
  'ALTO EN GRASAS SATURADAS',
]);

/** The contract types seals as unknown[]; keep the ones shaped like the domain's Seal. */
export const readSeals = (seals: readonly unknown[]): Seal[] =>
  seals.filter(
    (seal): seal is Seal =>
      typeof seal === 'object' &&
      seal !== null &&
      'label' in seal &&
      typeof seal.label === 'string' &&
      SEAL_LABELS.has(seal.label) &&
      'id' in seal &&
      typeof seal.id === 'string',
  );
