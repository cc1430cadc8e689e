import { useT } from '#app/lib/language.ts';
import { LOW_STOCK_THRESHOLD } from '#domains/catalogue/categories.ts';
import type { ProductVariation } from '#domains/catalogue/model.ts';
import { type Choice, optionInStock, variationTypes } from '#domains/catalogue/variations.ts';
import { formatCount } from '#lib/money.ts';

interface VariationSelectorProps {
  variations: readonly ProductVariation[];
  choice: Choice;
  onChoose: (type: string, variationId: number) => void;
}

/** One group of options per variation type; inactive options are hidden, sold-out ones disabled. */
export function VariationSelector({ variations, choice, onChoose }: VariationSelectorProps) {
  const t = useT();
  const visible = variations.filter((v) => v.isActive);
  return (
    <div className="space-y-4">
      {variationTypes(visible).map((type) => {
        const options = visible.filter((v) => v.type === type);
        const label = options[0]?.name ?? type;
        return (
          <fieldset key={type}>
            <legend className="mb-2 text-sm font-semibold text-stone-900">{label}</legend>
            <div className="flex flex-wrap gap-2">
              {options.map((option) => {
                const soldOut = !optionInStock(option);
                const selected = choice[type] === option.id;
                return (
                  <label
                    key={option.id}
                    className={`relative flex min-h-11 cursor-pointer items-center rounded-lg border px-4 text-sm font-medium has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-leaf-700 ${
                      soldOut
                        ? 'cursor-not-allowed border-stone-200 text-stone-400 line-through'
                        : selected
                          ? 'border-leaf-700 bg-leaf-700 text-white'
                          : 'border-stone-300 bg-white text-stone-800 hover:border-leaf-700'
                    }`}
                  >
                    <input
                      type="radio"
                      name={`variation-${type}`}
                      value={option.id}
                      checked={selected}
                      disabled={soldOut}
                      onChange={() => onChoose(type, option.id)}
                      className="sr-only"
                    />
                    {option.value}
                    {soldOut ? <span className="sr-only"> {t('(out of stock)')}</span> : null}
                    {option.stockQuantity !== null && !soldOut && option.stockQuantity <= LOW_STOCK_THRESHOLD ? (
                      <span className={`ml-2 text-xs ${selected ? 'text-leaf-50' : 'text-amber-700'}`}>
                        {t('Only {count} left', { count: formatCount(option.stockQuantity) })}
                      </span>
                    ) : null}
                  </label>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
