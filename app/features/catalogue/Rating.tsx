import { Star } from 'lucide-react';

export function Rating({ rating, reviewCount }: { rating: string; reviewCount: number }) {
  const value = Number(rating);
  return (
    <p className="flex items-center gap-1 text-sm text-stone-700">
      <span className="flex" aria-hidden="true">
        {[1, 2, 3, 4, 5].map((star) => (
          <Star key={star} className={`size-4 ${value >= star - 0.25 ? 'fill-amber-400 text-amber-400' : 'text-stone-300'}`} />
        ))}
      </span>
      <span className="sr-only">Rated</span> {value.toFixed(1)}
      <span className="sr-only"> out of 5,</span>
      <span className="text-stone-500">({reviewCount} reviews)</span>
    </p>
  );
}
