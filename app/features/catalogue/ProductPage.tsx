import { ArrowLeft, CheckCircle2, Clock, Leaf, MessageSquareText, PackageCheck, Recycle, Sprout, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { business } from '../../../core/business';
import type { Product, ProductVariation } from '../../../core/catalogue';
import { categoryLabel } from '../../../core/constants';
import { formatCartons, formatRupees, formatUnits, toDecimalString } from '../../../core/money';
import { cartonDetails, cartonPrice } from '../../../core/pricing';
import { terms } from '../../../core/terms';
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
} from '../../../core/variations';
import { AskAvailability } from '../../components/product/AskAvailability';
import { DeliveryTerms } from '../../components/product/DeliveryTerms';
import { GuestPlanner } from '../../components/product/GuestPlanner';
import { Price } from '../../components/product/Price';
import { QuantityInput } from '../../components/product/QuantityInput';
import { Rating } from '../../components/product/Rating';
import { VariationSelector } from '../../components/product/VariationSelector';
import { JsonLd } from '../../components/ui/JsonLd';
import { takeCarriedVariation } from '../../lib/enquiry-storage';
import { breadcrumbJsonLd } from '../../lib/meta';
import { useToast } from '../../lib/toast';
import { useAddToCart, useCart } from '../../lib/use-cart';
import { ADD_FAILED } from '../../lib/use-enquiry-actions';
import { failureToast } from '../../lib/use-online';
import { isComplete } from '../../lib/variation-choice';
import { ProductGallery } from './ProductGallery';
import { StickyBuyBar } from './StickyBuyBar';

/** /products/{id}: the product, or 'Product not found' when the loader found none. */
export function ProductPage({ product, variations }: { product: Product | null; variations: ProductVariation[] }) {
  if (!product) return <ProductNotFound />;
  return <ProductDetail key={product.id} product={product} variations={variations} />;
}

function ProductNotFound() {
  return (
    <section className="container-page py-20 text-center">
      <h1 className="text-3xl font-bold text-leaf-900">Product not found</h1>
      <p className="mt-4 text-stone-600">It may have been removed from the catalogue.</p>
      <Link to="/products" className="btn-primary mt-8">
        Back to Products
      </Link>
    </section>
  );
}

function ProductDetail({ product, variations }: { product: Product; variations: ProductVariation[] }) {
  const [choice, setChoice] = useState<Choice>({});
  const [quantity, setQuantity] = useState(1);
  const needsChoice = product.hasVariations && variations.length > 0;
  const complete = !needsChoice || isComplete(variations, choice);
  const priced = needsChoice ? pricingVariation(variations, choice) : null;
  const price = toDecimalString(cartonPrice(product.price, priced?.price));
  const originalPrice = priced ? priced.originalPrice : product.originalPrice;
  const carton = cartonDetails(product, priced);
  const max = lineCeiling(chosenOptions(variations, choice));
  const available = product.inStock && max > 0;

  const choose = (type: string, variationId: number) => {
    setChoice((current) => ({ ...current, [type]: variationId }));
    setQuantity(1);
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

  const navigate = useNavigate();
  const toast = useToast();
  const { data: cart = [] } = useCart();
  const add = useAddToCart();
  const [submitting, setSubmitting] = useState(false);
  const optionIds = needsChoice ? optionIdsOf(choice) : [];
  const inCart = cart.some((item) => item.productId === product.id && (!needsChoice || sameOptionIds(item.optionIds, optionIds)));
  const line = { productId: product.id, variationId: priced?.id ?? null, optionIds, quantity };

  // Held states keep the buttons focusable (aria-disabled), so the focus stays where the customer pressed.
  const addHeld = !available || !complete || inCart || add.isPending;
  const addToCart = () => {
    if (addHeld) return;
    add.mutate(line, {
      onError: (error) => toast(failureToast(error, ADD_FAILED, 'Nothing was added to your enquiry cart.')),
    });
  };

  const addLabel = !available
    ? 'Out of Stock'
    : !complete
      ? 'Select Options'
      : add.isPending && !submitting
        ? 'Adding...'
        : inCart
          ? 'Added to Cart'
          : 'Add to Cart';
  const buttons = useRef<HTMLDivElement>(null);
  const chosenText = optionsText(inTypeOrder(variations, optionIds), ' · ');
  const barSummary = [chosenText, formatCartons(quantity)].filter(Boolean).join(' · ');

  const submitEnquiry = async () => {
    if (!complete) {
      toast({
        title: 'Please select options',
        description: 'Please select all product options before submitting enquiry.',
        variant: 'destructive',
      });
      return;
    }
    setSubmitting(true);
    try {
      if (!inCart) await add.mutateAsync(line);
      void navigate('/checkout');
    } catch {
      toast({ title: 'Error', description: 'Failed to submit enquiry. Please try again.', variant: 'destructive' });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="container-page pt-8 pb-24 lg:pb-8">
      <JsonLd data={productJsonLd(product)} />
      <JsonLd
        data={breadcrumbJsonLd([
          { name: 'Home', path: '/' },
          { name: 'Products', path: '/products' },
          { name: categoryLabel(product.category), path: `/products?${new URLSearchParams({ category: product.category })}` },
          { name: product.name, path: `/products/${product.id}` },
        ])}
      />
      <Link to="/products" className="btn-ghost -ml-4">
        <ArrowLeft aria-hidden="true" className="size-4" /> Back to Products
      </Link>
      <div className="mt-4 grid gap-10 lg:grid-cols-2">
        <ProductGallery
          name={product.name}
          images={product.imageUrls.length ? product.imageUrls : product.imageUrl ? [product.imageUrl] : []}
        />
        <div className="space-y-5">
          <p className="text-sm font-semibold tracking-wide text-leaf-700 uppercase">{categoryLabel(product.category)}</p>
          <h1 className="text-3xl font-extrabold text-stone-900">{product.name}</h1>
          <Rating rating={product.rating} reviewCount={product.reviewCount} />
          <p>
            {product.inStock ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-leaf-100 px-3 py-1 text-sm font-semibold text-leaf-800">
                <CheckCircle2 aria-hidden="true" className="size-4" /> In Stock
              </span>
            ) : (
              <span className="inline-flex items-center gap-1 rounded-full bg-red-100 px-3 py-1 text-sm font-semibold text-red-800">
                <XCircle aria-hidden="true" className="size-4" /> Out of Stock
              </span>
            )}
          </p>
          <Price
            price={price}
            originalPrice={originalPrice}
            unitsPerCarton={carton.unitsPerCarton}
            unitType={carton.unitType}
            size="detail"
          />
          <dl className="grid grid-cols-2 gap-3 rounded-xl bg-earth-50 p-4 text-sm">
            <div>
              <dt className="text-stone-600">Per carton</dt>
              <dd className="font-semibold">
                {formatUnits(carton.unitsPerCarton, carton.unitType)}
              </dd>
            </div>
            {carton.cartonWeight && (
              <div>
                <dt className="text-stone-600">Carton weight</dt>
                <dd className="font-semibold">{carton.cartonWeight} kg</dd>
              </div>
            )}
            {carton.cartonDimensions && (
              <div className="col-span-2">
                <dt className="text-stone-600">Carton size</dt>
                <dd className="font-semibold">{carton.cartonDimensions}</dd>
              </div>
            )}
          </dl>
          <p className="leading-7 text-stone-700">{product.description}</p>

          {needsChoice && <VariationSelector variations={variations} choice={choice} onChoose={choose} />}
          {complete && available && (
            <QuantityInput value={quantity} max={max} onChange={setQuantity} onEnter={addToCart} />
          )}
          {complete && available && (
            <GuestPlanner unitsPerCarton={carton.unitsPerCarton} unitType={carton.unitType} max={max} onUse={setQuantity} />
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
              {submitting ? 'Submitting...' : 'Submit Enquiry'}
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
          total={formatRupees(cartonPrice(product.price, priced?.price) * quantity)}
          label={addLabel}
          held={addHeld}
          onAdd={addToCart}
        />
      )}

      <div className="mt-14 grid gap-10 lg:grid-cols-2">
        <EcoBenefits />
        <section aria-labelledby="specs-title">
          <h2 id="specs-title" className="text-2xl font-bold text-leaf-900">
            Specifications
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
              <h3 className="mt-6 text-sm font-semibold text-stone-700">Tags</h3>
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

function WhyEnquire() {
  const points = [
    { icon: MessageSquareText, text: 'No payment now: send the enquiry and we confirm price and delivery with you.' },
    { icon: Clock, text: 'We call or message you within 24 hours, Monday to Saturday.' },
    { icon: PackageCheck, text: 'Better carton rates for bulk and repeat orders.' },
  ];
  return (
    <section aria-labelledby="why-enquire-title" className="rounded-xl border border-leaf-200 bg-leaf-50 p-5">
      <h2 id="why-enquire-title" className="font-bold text-leaf-900">
        Why Submit an Enquiry?
      </h2>
      <ul className="mt-3 space-y-2 text-sm text-stone-800">
        {points.map(({ icon: Icon, text }) => (
          <li key={text} className="flex gap-2">
            <Icon aria-hidden="true" className="size-5 shrink-0 text-leaf-700" /> {text}
          </li>
        ))}
      </ul>
    </section>
  );
}

function EcoBenefits() {
  const benefits = [
    { icon: Leaf, title: 'Plant-based', text: 'Made from leaves, sugarcane fibre, paper or wood: no plastic at all.' },
    { icon: Recycle, title: 'Compostable', text: 'Breaks down in 90 to 180 days in a home or municipal compost.' },
    { icon: Sprout, title: 'Chemical-free', text: 'No coatings, wax or glue; safe with hot and oily food.' },
  ];
  return (
    <section aria-labelledby="eco-title">
      <h2 id="eco-title" className="text-2xl font-bold text-leaf-900">
        Eco benefits
      </h2>
      <ul className="mt-4 space-y-4">
        {benefits.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-3">
            <Icon aria-hidden="true" className="size-6 shrink-0 text-leaf-700" />
            <div>
              <h3 className="font-semibold">{title}</h3>
              <p className="text-sm text-stone-700">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function productJsonLd(product: Product) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    image: product.imageUrls,
    brand: { '@type': 'Brand', name: business.name },
    category: categoryLabel(product.category),
    aggregateRating:
      product.reviewCount > 0
        ? { '@type': 'AggregateRating', ratingValue: product.rating, reviewCount: product.reviewCount }
        : undefined,
    offers: {
      '@type': 'Offer',
      priceCurrency: 'INR',
      price: product.price,
      availability: product.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      shippingDetails: {
        '@type': 'OfferShippingDetails',
        shippingRate: { '@type': 'MonetaryAmount', value: terms.delivery.charge, currency: terms.delivery.currency },
        shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'IN', addressRegion: terms.delivery.area },
        deliveryTime: {
          '@type': 'ShippingDeliveryTime',
          handlingTime: {
            '@type': 'QuantitativeValue',
            minValue: terms.delivery.handlingDays[0],
            maxValue: terms.delivery.handlingDays[1],
            unitCode: 'DAY',
          },
          transitTime: {
            '@type': 'QuantitativeValue',
            minValue: terms.delivery.transitDays[0],
            maxValue: terms.delivery.transitDays[1],
            unitCode: 'DAY',
          },
        },
      },
      hasMerchantReturnPolicy: {
        '@type': 'MerchantReturnPolicy',
        applicableCountry: 'IN',
        returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
        merchantReturnDays: terms.returns.days,
        returnFees: terms.returns.free ? 'https://schema.org/FreeReturn' : 'https://schema.org/ReturnFeesCustomerResponsibility',
      },
    },
  };
}
