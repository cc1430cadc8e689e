import { lazy, Suspense, useState } from 'react';

import { useLanguage, useLocalNavigate, useT } from '#app/lib/language.ts';
import { PLACEHOLDER_IMAGE } from '#app/lib/placeholder.ts';
import { LazyImage } from '#app/ui/LazyImage.tsx';
import { cartonRule } from '#domains/catalogue/carton-rules.ts';
import { categoryLabel } from '#domains/catalogue/categories.ts';
import type { Product, ProductVariation } from '#domains/catalogue/model.ts';
import { carryVariation } from '#domains/catalogue/ui/carried-variation.ts';
import { useProductActions } from '#domains/catalogue/ui/product-actions.ts';
import { useVariations } from '#domains/catalogue/ui/use-variations.ts';
import { defaultChoice, NO_OPTIONS, selectionIds, selectionOf } from '#domains/catalogue/ui/variation-choice.ts';
import { optionsText, sameOptionIds } from '#domains/catalogue/variations.ts';
import { pathIn } from '#lib/language.ts';

import { AskAvailability } from './AskAvailability.tsx';
import type { OptionsMode } from './OptionsDialog.tsx';
import { Price } from './Price.tsx';
import { Rating } from './Rating.tsx';

const OptionsDialog = lazy(() => import('./OptionsDialog.tsx'));

/** A product in a grid; the whole card opens the product, its buttons act on it. */
interface ProductCardProps {
  product: Product;
  eagerImage?: boolean;
  /** The product's options, when the page brought them. */
  variations?: ProductVariation[];
  /** The search the card was found by: an option it names is the card's choice. */
  search?: string;
}

/**
 * A boundary per card: a grid hydrates card by card in short tasks, not in one long one that holds a phone's main
 * thread (measured on /products, Lighthouse mobile: total blocking time 308-392 ms without, 82-172 ms with).
 */
export function ProductCard(props: ProductCardProps) {
  return <Suspense>{props.product.hasVariations ? <CardWithOptions {...props} /> : <Card {...props} />}</Suspense>;
}

/** Only a product with options asks for them (most cards have none, and a query watched per card costs each one). */
function CardWithOptions(props: ProductCardProps) {
  const { data: variations } = useVariations(props.product.id, true, props.variations);
  return <Card {...props} variations={variations} />;
}

function Card({ product, eagerImage = false, variations, search = '' }: ProductCardProps) {
  const navigate = useLocalNavigate();
  const t = useT();
  const language = useLanguage();
  const actions = useProductActions();
  const { cart } = actions;
  const [dialog, setDialog] = useState<OptionsMode | null>(null);

  // The first active option of each type is chosen for the card, so Add to Cart works from the grid, or the one the
  // search names (docs/decisions/005-variations-and-the-product-page.md).
  const selection =
    product.hasVariations && variations?.length ? selectionOf(variations, defaultChoice(variations, search)) : NO_OPTIONS;
  const chosen = selection.variation;
  const needsDialog = product.hasVariations && !chosen;
  const inCart = cart.some(
    (item) => item.productId === product.id && (!product.hasVariations || sameOptionIds(item.optionIds, selectionIds(selection))),
  );

  const open = () => {
    if (chosen)
      carryVariation({ productId: product.id, variationId: chosen.id, variation: chosen, optionIds: selectionIds(selection) });
    void navigate(`/products/${product.id}`);
  };
  // Held states keep the button focusable (aria-disabled), so the focus stays where the customer pressed.
  const held = !product.inStock || inCart || actions.adding;
  // The card adds the least the product is sold in (1 unless the staff set a minimum order).
  const least = cartonRule(product, chosen).minCartons;
  const addToCart = () => {
    if (held) return;
    if (needsDialog) setDialog('cart');
    else void actions.addToCart(product, selection, least);
  };
  const enquire = () => (needsDialog ? setDialog('enquiry') : actions.enquireDirectly(product, selection, least));

  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <LazyImage
        src={product.imageUrl || PLACEHOLDER_IMAGE}
        alt={product.name}
        width={400}
        height={400}
        eager={eagerImage}
        sizes="(min-width: 1280px) 300px, (min-width: 768px) 33vw, 50vw"
        className="w-full"
      />
      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
        <p className="text-xs font-semibold tracking-wide text-leaf-700 uppercase">{t(categoryLabel(product.category))}</p>
        <h3 className="text-base font-semibold text-stone-900">
          <a
            href={pathIn(language, `/products/${product.id}`)}
            onClick={(event) => {
              event.preventDefault();
              open();
            }}
            className="rounded after:absolute after:inset-0 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-leaf-700"
          >
            {product.name}
          </a>
        </h3>
        <Rating rating={product.rating} reviewCount={product.reviewCount} />
        {/* What Add to Cart and Submit Enquiry take: the card's choice, shown (other options are on the product page). */}
        {chosen && <p className="text-sm font-medium text-stone-800">{optionsText(selection.options)}</p>}
        <Price product={product} option={chosen} />
        <div className="relative z-10 mt-auto grid grid-cols-1 gap-2 pt-2 sm:grid-cols-2">
          <button type="button" className="btn-primary px-2" aria-disabled={held || undefined} onClick={addToCart}>
            {!product.inStock
              ? t('Out of Stock')
              : actions.adding
                ? t('Adding...')
                : inCart
                  ? t('Added to Cart')
                  : t('Add to Cart')}
          </button>
          <button type="button" className="btn-outline px-2" disabled={!product.inStock} onClick={enquire}>
            {t('Submit Enquiry')}
          </button>
          {!product.inStock && <AskAvailability about={product.name} />}
        </div>
      </div>
      {dialog && (
        <Suspense fallback={null}>
          <OptionsDialog
            product={product}
            mode={dialog}
            onClose={() => setDialog(null)}
            onConfirm={async ({ quantity, ...chosenOptions }) => {
              if (dialog === 'enquiry') return actions.enquireDirectly(product, chosenOptions, quantity);
              if (await actions.addToCart(product, chosenOptions, quantity, t('Failed to add item to cart. Please try again.')))
                setDialog(null);
            }}
          />
        </Suspense>
      )}
    </article>
  );
}

export function ProductCardSkeleton() {
  return (
    <div aria-hidden="true" className="animate-pulse overflow-hidden rounded-xl border border-stone-200 bg-white">
      <div className="aspect-square bg-stone-200" />
      <div className="space-y-3 p-4">
        <div className="h-3 w-1/3 rounded bg-stone-200" />
        <div className="h-4 w-3/4 rounded bg-stone-200" />
        <div className="h-4 w-1/2 rounded bg-stone-200" />
        <div className="h-10 rounded bg-stone-200" />
      </div>
    </div>
  );
}
