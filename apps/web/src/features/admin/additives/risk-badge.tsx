import type { RiskLevel } from '@etiqueta/domain';

const riskClass: Record<RiskLevel, string> = {
  Riesgoso: 'bg-red-100 text-red-900 ring-red-700/30',
  'Riesgo posible (Debate)': 'bg-amber-100 text-amber-900 ring-amber-700/30',
  'Sin riesgo conocido': 'bg-stone-100 text-stone-800 ring-stone-500/30',
};

export const RiskBadge = ({ risk }: { risk: RiskLevel }) => (
  <span
    className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${riskClass[risk]}`}
  >
    {risk}
  </span>
);
