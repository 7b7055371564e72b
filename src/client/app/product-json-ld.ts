import type { PublicProduct } from '#shared/catalog.ts';
import { SHIPPING } from '#shared/constants.ts';
import { formatCents, parseCents } from '#shared/money.ts';
import { type ShippingOffer, shippingFor } from '#shared/shipping.ts';

/**
 * schema.org Product with an Offer that tells the truth (docs/engineering.md §5): availability from real stock,
 * an aggregate rating only from approved reviews, and what one of it ships for at the store's
 * settings (free when its price alone reaches the free-shipping amount, docs/decisions/0039).
 */
export function productJsonLd(
  p: PublicProduct,
  publicUrl: string,
  rating: { average: number; count: number } | null,
  shipping: ShippingOffer,
  now = new Date(),
): object {
  const validUntil = new Date(now.getTime() + 365 * 86_400_000).toISOString().slice(0, 10);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    description: p.description,
    sku: `IW-${p.id}`,
    // The picture's largest size: the owner's full upload, or the drawn art at 1280 px.
    image: [`${publicUrl}${p.image.variants[p.image.variants.length - 1]?.url ?? p.image.src}`],
    brand: { '@type': 'Brand', name: 'Ironwake' },
    ...(rating && rating.count > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: rating.average, reviewCount: rating.count } }
      : {}),
    offers: {
      '@type': 'Offer',
      url: `${publicUrl}/product/${p.id}`,
      priceCurrency: 'USD',
      price: p.price,
      priceValidUntil: validUntil,
      availability: p.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      shippingDetails: {
        '@type': 'OfferShippingDetails',
        shippingRate: {
          '@type': 'MonetaryAmount',
          value: formatCents(shippingFor(parseCents(p.price), shipping)),
          currency: 'USD',
        },
        shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'US' },
        deliveryTime: {
          '@type': 'ShippingDeliveryTime',
          cutoffTime: `${String(SHIPPING.cutoffHour).padStart(2, '0')}:00:00-05:00`,
          handlingTime: {
            '@type': 'QuantitativeValue',
            minValue: SHIPPING.handlingDays[0],
            maxValue: SHIPPING.handlingDays[1],
            unitCode: 'DAY',
          },
          transitTime: {
            '@type': 'QuantitativeValue',
            minValue: SHIPPING.transitDays[0],
            maxValue: SHIPPING.transitDays[1],
            unitCode: 'DAY',
          },
        },
      },
      hasMerchantReturnPolicy: {
        '@type': 'MerchantReturnPolicy',
        applicableCountry: 'US',
        returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
        merchantReturnDays: SHIPPING.returnDays,
        returnMethod: 'https://schema.org/ReturnByMail',
        returnFees: 'https://schema.org/FreeReturn',
      },
    },
  };
}
