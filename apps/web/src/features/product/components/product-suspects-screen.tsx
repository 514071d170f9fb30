import { ProductSubpage } from './product-subpage';
import { RiskGroupList } from '@/components/food/risk-group-list';

export const NO_SUSPECTS_TEXT = 'No se detectaron ingredientes ultraprocesados en este producto.';

/** /product/{id}/ultraprocessed, 'Otros sospechosos': the same three groups ('alto' counts as Riesgosos). */
export const ProductSuspectsScreen = ({ productId }: { productId: string }) => (
  <ProductSubpage productId={productId} title="Otros sospechosos">
    {(product) =>
      product.ultraprocessed.length === 0 ? (
        <p className="mt-6 rounded-2xl bg-white p-4 text-stone-800 ring-1 ring-stone-200">
          {NO_SUSPECTS_TEXT}
        </p>
      ) : (
        <RiskGroupList
          items={product.ultraprocessed.map((suspect, index) => ({
            key: `${suspect.name}-${index}`,
            title: suspect.name,
            riskLevel: suspect.riskLevel,
            matchedText: suspect.matchedText,
          }))}
        />
      )
    }
  </ProductSubpage>
);
