import type { SuspectRisk } from '@etiqueta/domain';
import { CircleAlert, CircleCheck, CircleHelp, type LucideIcon } from 'lucide-react';

import { groupByRisk, type RiskGroupId, riskLevelWord } from './risk-groups';

export type RiskItem = {
  key: string;
  title: string;
  /** E-number for additives; absent for suspects. */
  code?: string;
  riskLevel: SuspectRisk;
  /** The words of the ingredient list that matched. */
  matchedText: string;
  /** Why this risk level, in plain Spanish (additives; absent for suspects and for older stored products). */
  reason?: string;
};

/** Each group's icon and colours: the icon and the title say it, the colour only repeats it. */
export const RISK_GROUP_STYLE: Record<RiskGroupId, { Icon: LucideIcon; iconClass: string; ringClass: string }> = {
  riesgosos: { Icon: CircleAlert, iconClass: 'text-red-700', ringClass: 'ring-red-200' },
  debate: { Icon: CircleHelp, iconClass: 'text-orange-600', ringClass: 'ring-orange-200' },
  'sin-riesgo': { Icon: CircleCheck, iconClass: 'text-green-700', ringClass: 'ring-stone-200' },
};

type RiskGroupListProps = { items: readonly RiskItem[] };

/** The three risk groups, worst first, each titled with its count (spec §2 additives and suspects pages). */
export const RiskGroupList = ({ items }: RiskGroupListProps) => (
  <div className="mt-6 space-y-6">
    {groupByRisk(items).map((group) => {
      const { Icon, iconClass, ringClass } = RISK_GROUP_STYLE[group.id];
      const titleId = `risk-group-${group.id}`;
      return (
        <section key={group.id} aria-labelledby={titleId} data-testid={`risk-group-${group.id}`}>
          <h2 id={titleId} className="flex items-center gap-2 text-lg font-bold text-stone-900">
            <Icon aria-hidden="true" className={`size-5 ${iconClass}`} />
            {group.title}
            <span
              className="rounded-full bg-stone-100 px-2.5 py-0.5 text-sm font-bold tabular-nums"
              data-testid="risk-group-count"
            >
              {group.items.length}
            </span>
          </h2>
          {group.items.length === 0 ? (
            <p className="mt-2 text-sm text-stone-600">Ninguno.</p>
          ) : (
            <ul className={`mt-2 divide-y divide-stone-100 rounded-2xl bg-white ring-1 ${ringClass}`}>
              {group.items.map((item) => (
                <li
                  key={item.key}
                  className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3"
                >
                  <span className="min-w-0">
                    {item.code ? <span className="mr-1.5 font-bold text-stone-900">{item.code}</span> : null}
                    <span className="font-medium text-stone-900">{item.title}</span>
                    <span className="block text-sm text-stone-600">En la etiqueta: «{item.matchedText}»</span>
                    {item.reason ? (
                      <span className="mt-1 block text-sm text-stone-800" data-testid="risk-item-reason">
                        {item.reason}
                      </span>
                    ) : null}
                  </span>
                  <span className="text-sm font-semibold text-stone-700">
                    {riskLevelWord(item.riskLevel)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      );
    })}
  </div>
);
