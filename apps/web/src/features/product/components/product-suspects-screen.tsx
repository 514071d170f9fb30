import { ProductSubpage } from './product-subpage';

export const NO_SUSPECTS_TEXT = 'No se detectaron ingredientes ultraprocesados en este producto.';

/** /product/{id}/ultraprocessed, 'Otros sospechosos': the same three groups ('alto' counts as Riesgosos). */
export const ProductSuspectsScreen = ({ productId }: { productId: string }) => (
  <ProductSubpage
    productId={productId}
    title="Otros sospechosos"
    emptyText={NO_SUSPECTS_TEXT}
    items={(product) =>
      product.ultraprocessed.map((suspect, index) => ({
        key: `${suspect.name}-${index}`,
        title: suspect.name,
        riskLevel: suspect.riskLevel,
        matchedText: suspect.matchedText,
      }))
    }
  />
);
