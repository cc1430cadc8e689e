import { Star } from 'lucide-react';

import { useT } from '#app/lib/language.ts';
import { formatCount } from '#lib/money.ts';

/** One star and the figure: five drawn stars per card made half of a listing page's HTML. */
export function Rating({ rating, reviewCount }: { rating: string; reviewCount: number }) {
  const t = useT();
  return (
    <p className="flex items-center gap-1 text-sm text-stone-700">
      <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-400" />
      <span className="sr-only">{t('Rated')}</span> <span className="font-semibold">{Number(rating).toFixed(1)}</span>
      <span className="sr-only"> {t('out of 5,')}</span>
      <span className="text-stone-500">{t('({count} reviews)', { count: formatCount(reviewCount) })}</span>
    </p>
  );
}
