import { ProductSubpage } from './product-subpage';
import { RiskGroupList } from '@/components/food/risk-group-list';

export const NO_ADDITIVES_TEXT = 'Sin aditivos detectados';

/** /product/{id}/additives: Riesgosos, Riesgo posible (Debate), Sin riesgo conocido with counts (spec §2). */
export const ProductAdditivesScreen = ({ productId }: { productId: string }) => (
  <ProductSubpage productId={productId} title="Aditivos">
    {(product) =>
      product.detectedAdditives.length === 0 ? (
        <p className="mt-6 rounded-2xl bg-white p-4 text-stone-800 ring-1 ring-stone-200">
          {NO_ADDITIVES_TEXT}
        </p>
      ) : (
        <RiskGroupList
          items={product.detectedAdditives.map((additive, index) => ({
            key: `${additive.code}-${index}`,
            code: additive.code,
            title: additive.name,
            riskLevel: additive.riskLevel,
            matchedText: additive.matchedText,
            ...(additive.reason ? { reason: additive.reason } : {}),
          }))}
        />
      )
    }
  </ProductSubpage>
);
