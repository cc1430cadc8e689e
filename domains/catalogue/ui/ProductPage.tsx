import { ArrowLeft, CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

import { useLanguage, useLocalNavigate, useT } from '#app/lib/language.ts';
import { breadcrumbJsonLd } from '#app/lib/meta.ts';
import { useToast } from '#app/lib/toast.tsx';
import { JsonLd } from '#app/ui/JsonLd.tsx';
import { Link } from '#app/ui/LocalLink.tsx';
import { cartonRule, correctedQuantity, ruleCeiling } from '#domains/catalogue/carton-rules.ts';
import { categoryLabel } from '#domains/catalogue/categories.ts';
import type { Product, ProductVariation } from '#domains/catalogue/model.ts';
import { AskAvailability } from '#domains/catalogue/ui/AskAvailability.tsx';
import { takeCarriedVariation } from '#domains/catalogue/ui/carried-variation.ts';
import { DeliveryTerms } from '#domains/catalogue/ui/DeliveryTerms.tsx';
import { GuestPlanner } from '#domains/catalogue/ui/GuestPlanner.tsx';
import { Price } from '#domains/catalogue/ui/Price.tsx';
import { PriceBreaks } from '#domains/catalogue/ui/PriceBreaks.tsx';
import { useProductActions } from '#domains/catalogue/ui/product-actions.ts';
import { QuantityInput } from '#domains/catalogue/ui/QuantityInput.tsx';
import { Rating } from '#domains/catalogue/ui/Rating.tsx';
import { isComplete } from '#domains/catalogue/ui/variation-choice.ts';
import { VariationSelector } from '#domains/catalogue/ui/VariationSelector.tsx';
import {
  type Choice,
  choiceOf,
  chosenOptions,
  inTypeOrder,
  lineCeiling,
  optionIdsOf,
  optionInStock,
  optionsText,
  pricingVariation,
  sameOptionIds,
} from '#domains/catalogue/variations.ts';
import { cartonDetails, priceAt, pricedList } from '#domains/pricing/model.ts';
import { usePriceGroup } from '#domains/pricing/ui/price-group.tsx';
import { useShop } from '#domains/settings/ui/shop.ts';
import { pathIn } from '#lib/language.ts';
import { formatRupees } from '#lib/money.ts';

import { productJsonLd } from './product-json-ld.ts';
import { ProductGallery } from './ProductGallery.tsx';
import { EcoBenefits, WhyEnquire } from './ProductPageNotes.tsx';
import { StickyBuyBar } from './StickyBuyBar.tsx';
import { useUnits } from './units.ts';

/** /products/{id}: the product, or 'Product not found' when the loader found none. */
export function ProductPage({ product, variations }: { product: Product | null; variations: ProductVariation[] }) {
  if (!product) return <ProductNotFound />;
  return <ProductDetail key={product.id} product={product} variations={variations} />;
}

function ProductNotFound() {
  const t = useT();
  return (
    <section className="container-page py-20 text-center">
      <h1 className="text-3xl font-bold text-leaf-900">{t('Product not found')}</h1>
      <p className="mt-4 text-stone-600">{t('It may have been removed from the catalogue.')}</p>
      <Link to="/products" className="btn-primary mt-8">
        {t('Back to Products')}
      </Link>
    </section>
  );
}

function ProductDetail({ product, variations }: { product: Product; variations: ProductVariation[] }) {
  const [choice, setChoice] = useState<Choice>({});
  const [quantity, setQuantity] = useState(product.minCartons);
  const shopName = useShop().name;
  const t = useT();
  const language = useLanguage();
  const { units, cartonsText } = useUnits();
  const needsChoice = product.hasVariations && variations.length > 0;
  const complete = !needsChoice || isComplete(variations, choice);
  const priced = needsChoice ? pricingVariation(variations, choice) : null;
  const carton = cartonDetails(product, priced);
  const max = lineCeiling(chosenOptions(variations, choice));
  const rule = cartonRule(product, priced);
  const terms = usePriceGroup();
  const { list } = pricedList(product, priced, terms);
  const available = product.inStock && ruleCeiling(rule, max) > 0;

  const choose = (type: string, variationId: number) => {
    const next = { ...choice, [type]: variationId };
    setChoice(next);
    setQuantity(cartonRule(product, pricingVariation(variations, next)).minCartons);
  };

  // A variation chosen on the product's card is applied once (sessionStorage is browser-only).
  useEffect(() => {
    const carried = takeCarriedVariation(product.id);
    const orderable = variations.filter((v) => v.isActive && optionInStock(v));
    const carriedChoice = carried
      ? choiceOf(orderable, Array.isArray(carried.optionIds) ? carried.optionIds : [carried.variationId])
      : {};
    // eslint-disable-next-line react-hooks/set-state-in-effect -- storage can only be read after hydration
    if (Object.keys(carriedChoice).length > 0) setChoice(carriedChoice);
  }, [product.id, variations]);

  const navigate = useLocalNavigate();
  const toast = useToast();
  const actions = useProductActions();
  const { cart } = actions;
  const [submitting, setSubmitting] = useState(false);
  const optionIds = needsChoice ? optionIdsOf(choice) : [];
  const inCart = cart.some((item) => item.productId === product.id && (!needsChoice || sameOptionIds(item.optionIds, optionIds)));
  const line = { variationId: priced?.id ?? null, optionIds, quantity };

  // Held states keep the buttons focusable (aria-disabled), so the focus stays where the customer pressed.
  const addHeld = !available || !complete || inCart || actions.adding;
  const addToCart = () => {
    if (addHeld) return;
    void actions.addLine(product, line);
  };

  const addLabel = !available
    ? t('Out of Stock')
    : !complete
      ? t('Select Options')
      : actions.adding && !submitting
        ? t('Adding...')
        : inCart
          ? t('Added to Cart')
          : t('Add to Cart');
  const buttons = useRef<HTMLDivElement>(null);
  const chosenText = optionsText(inTypeOrder(variations, optionIds), ' · ');
  const barSummary = [chosenText, cartonsText(quantity)].filter(Boolean).join(' · ');

  const submitEnquiry = async () => {
    if (!complete) {
      toast({
        title: t('Please select options'),
        description: t('Please select all product options before submitting enquiry.'),
        variant: 'destructive',
      });
      return;
    }
    setSubmitting(true);
    try {
      if (inCart || (await actions.addLine(product, line, t('Failed to submit enquiry. Please try again.')))) {
        void navigate('/checkout');
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="container-page pt-8 pb-24 lg:pb-8">
      <JsonLd data={productJsonLd(product, shopName, t)} />
      <JsonLd
        data={breadcrumbJsonLd(
          [
            { name: t('Products'), path: pathIn(language, '/products') },
            {
              name: t(categoryLabel(product.category)),
              path: pathIn(language, `/products?${new URLSearchParams({ category: product.category })}`),
            },
            { name: product.name, path: pathIn(language, `/products/${product.id}`) },
          ],
          language,
        )}
      />
      <Link to="/products" className="btn-ghost -ml-4">
        <ArrowLeft aria-hidden="true" className="size-4" /> {t('Back to Products')}
      </Link>
      <div className="mt-4 grid gap-10 lg:grid-cols-2">
        <ProductGallery
          name={product.name}
          images={product.imageUrls.length ? product.imageUrls : product.imageUrl ? [product.imageUrl] : []}
        />
        <div className="space-y-5">
          <p className="text-sm font-semibold tracking-wide text-leaf-700 uppercase">{t(categoryLabel(product.category))}</p>
          <h1 className="text-3xl font-extrabold text-stone-900">{product.name}</h1>
          <Rating rating={product.rating} reviewCount={product.reviewCount} />
          <p>
            {product.inStock ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-leaf-100 px-3 py-1 text-sm font-semibold text-leaf-800">
                <CheckCircle2 aria-hidden="true" className="size-4" /> {t('In Stock')}
              </span>
            ) : (
              <span className="inline-flex items-center gap-1 rounded-full bg-red-100 px-3 py-1 text-sm font-semibold text-red-800">
                <XCircle aria-hidden="true" className="size-4" /> {t('Out of Stock')}
              </span>
            )}
          </p>
          <Price product={product} option={priced} size="detail" />
          <dl className="grid grid-cols-2 gap-3 rounded-xl bg-earth-50 p-4 text-sm">
            <div>
              <dt className="text-stone-600">{t('Per carton')}</dt>
              <dd className="font-semibold">{units(carton.unitsPerCarton, carton.unitType)}</dd>
            </div>
            {carton.cartonWeight && (
              <div>
                <dt className="text-stone-600">{t('Carton weight')}</dt>
                <dd className="font-semibold">{t('{weight} kg', { weight: carton.cartonWeight })}</dd>
              </div>
            )}
            {carton.cartonDimensions && (
              <div className="col-span-2">
                <dt className="text-stone-600">{t('Carton size')}</dt>
                <dd className="font-semibold">{carton.cartonDimensions}</dd>
              </div>
            )}
          </dl>
          <p className="leading-7 text-stone-700">{product.description}</p>

          {needsChoice && <VariationSelector variations={variations} choice={choice} onChoose={choose} />}
          {list.breaks.length > 0 && <PriceBreaks list={list} quantity={quantity} />}
          {complete && available && (
            <QuantityInput value={quantity} max={max} rule={rule} onChange={setQuantity} onEnter={addToCart} />
          )}
          {complete && available && (
            <GuestPlanner
              unitsPerCarton={carton.unitsPerCarton}
              unitType={carton.unitType}
              max={max}
              onUse={(cartons) => setQuantity(correctedQuantity(rule, cartons, max).quantity)}
            />
          )}

          <div ref={buttons} className="grid gap-3 sm:grid-cols-2">
            <button type="button" className="btn-primary" aria-disabled={addHeld || undefined} onClick={addToCart}>
              {addLabel}
            </button>
            <button
              type="button"
              className="btn-outline"
              aria-disabled={!available || submitting || undefined}
              onClick={() => {
                if (available && !submitting) void submitEnquiry();
              }}
            >
              {submitting ? t('Submitting...') : t('Submit Enquiry')}
            </button>
            {!available && <AskAvailability about={[product.name, chosenText].filter(Boolean).join(', ')} />}
          </div>

          <DeliveryTerms />
          <WhyEnquire />
        </div>
      </div>
      {available && (
        <StickyBuyBar
          watch={buttons}
          summary={barSummary}
          total={formatRupees(priceAt(list, quantity).price * quantity)}
          label={addLabel}
          held={addHeld}
          onAdd={addToCart}
        />
      )}

      <div className="mt-14 grid gap-10 lg:grid-cols-2">
        <EcoBenefits />
        <section aria-labelledby="specs-title">
          <h2 id="specs-title" className="text-2xl font-bold text-leaf-900">
            {t('Specifications')}
          </h2>
          <table className="mt-4 w-full text-left text-sm">
            <tbody className="divide-y divide-stone-200">
              {Object.entries(product.specifications).map(([key, value]) => (
                <tr key={key}>
                  <th scope="row" className="w-1/3 py-3 pr-4 font-semibold text-stone-700">
                    {key}
                  </th>
                  <td className="py-3 text-stone-800">{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {product.tags.length > 0 && (
            <>
              <h3 className="mt-6 text-sm font-semibold text-stone-700">{t('Tags')}</h3>
              <ul className="mt-2 flex flex-wrap gap-2">
                {product.tags.map((tag) => (
                  <li key={tag}>
                    <Link
                      to={`/products?${new URLSearchParams({ search: tag })}`}
                      className="inline-flex min-h-11 items-center rounded-full bg-stone-100 px-4 text-sm text-stone-700 hover:bg-leaf-100"
                    >
                      {tag}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      </div>
    </div>
  );
}
