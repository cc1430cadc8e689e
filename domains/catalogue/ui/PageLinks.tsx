import { ChevronLeft, ChevronRight } from 'lucide-react';

import { useT } from '#app/lib/language.ts';
import { Link } from '#app/ui/LocalLink.tsx';
import { pageCount, type ProductPage } from '#domains/catalogue/model.ts';

import { pageWindow } from './page-window.ts';

const LINK = 'btn min-w-11 rounded-lg border border-stone-300 bg-white px-3 text-stone-800 hover:border-leaf-700';

/** Links to the other pages of a list: real links, so search engines follow them and each page can be shared. */
export function PageLinks({ list, href }: { list: ProductPage; href: (page: number) => string }) {
  const pages = pageCount(list.total, list.pageSize);
  const t = useT();
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('Pages')} className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {list.page > 1 && (
          <li>
            <Link to={href(list.page - 1)} rel="prev" className={LINK}>
              <ChevronLeft aria-hidden="true" className="size-4" /> {t('Previous')}
            </Link>
          </li>
        )}
        {pageWindow(list.page, pages).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-stone-500">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={href(item)}
                aria-current={item === list.page ? 'page' : undefined}
                aria-label={t('Page {number}', { number: item })}
                className={item === list.page ? `${LINK} border-leaf-700 bg-leaf-700 text-white hover:border-leaf-700` : LINK}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        {list.page < pages && (
          <li>
            <Link to={href(list.page + 1)} rel="next" className={LINK}>
              {t('Next')} <ChevronRight aria-hidden="true" className="size-4" />
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
