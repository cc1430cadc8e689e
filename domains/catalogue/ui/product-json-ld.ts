import { categoryLabel } from '#domains/catalogue/categories.ts';
import type { Product } from '#domains/catalogue/model.ts';
import { terms } from '#domains/settings/terms.ts';
import type { Translate } from '#lib/i18n/translate.ts';

/**
 * The product as schema.org structured data: its brand (the shop's trading name), its offer with the delivery and returns
 * terms. Named as the page names it: a Malayalam page's loader gives the product with its Malayalam name and description.
 */
export function productJsonLd(product: Product, brand: string, t: Translate) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    image: product.imageUrls,
    brand: { '@type': 'Brand', name: brand },
    category: t(categoryLabel(product.category)),
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
