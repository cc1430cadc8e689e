import { useNavigate } from 'react-router';
import type { Product } from '../../../core/catalogue';
import { CATEGORIES } from '../../../core/constants';
import { LazyImage } from '../../components/ui/LazyImage';
import { PLACEHOLDER_IMAGE } from './placeholder';
import { Price } from './Price';
import { Rating } from './Rating';

export function categoryLabel(value: string): string {
  return CATEGORIES.find((c) => c.value === value)?.label ?? value;
}

/** A product in a grid; the whole card opens the product, its buttons act on it. */
export function ProductCard({ product, eagerImage = false }: { product: Product; eagerImage?: boolean }) {
  const navigate = useNavigate();
  const open = () => void navigate(`/products/${product.id}`);
  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <LazyImage
        src={product.imageUrl || PLACEHOLDER_IMAGE}
        alt={product.name}
        width={400}
        height={400}
        eager={eagerImage}
        className="w-full"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-semibold tracking-wide text-leaf-700 uppercase">{categoryLabel(product.category)}</p>
        <h3 className="text-base font-semibold text-stone-900">
          <a href={`/products/${product.id}`} onClick={(e) => (e.preventDefault(), open())} className="after:absolute after:inset-0 focus:outline-none">
            {product.name}
          </a>
        </h3>
        <Rating rating={product.rating} reviewCount={product.reviewCount} />
        <Price price={product.price} originalPrice={product.originalPrice} unitsPerCarton={product.unitsPerCarton} unitType={product.unitType} />
        <div className="relative z-10 mt-auto grid grid-cols-2 gap-2 pt-2">
          <button type="button" className="btn-primary px-2" disabled={!product.inStock} onClick={open}>
            {product.inStock ? 'Add to Cart' : 'Out of Stock'}
          </button>
          <button type="button" className="btn-outline px-2" onClick={open}>
            Submit Enquiry
          </button>
        </div>
      </div>
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
