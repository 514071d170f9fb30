import { ProductSubpage } from './product-subpage';

export const NO_ADDITIVES_TEXT = 'Sin aditivos detectados';

/** /product/{id}/additives: Riesgosos, Riesgo posible (Debate), Sin riesgo conocido with counts (spec §2). */
export const ProductAdditivesScreen = ({ productId }: { productId: string }) => (
  <ProductSubpage
    productId={productId}
    title="Aditivos"
    emptyText={NO_ADDITIVES_TEXT}
    items={(product) =>
      product.detectedAdditives.map((additive, index) => ({
        key: `${additive.code}-${index}`,
        code: additive.code,
        title: additive.name,
        riskLevel: additive.riskLevel,
        matchedText: additive.matchedText,
        ...(additive.reason ? { reason: additive.reason } : {}),
      }))
    }
  />
);
