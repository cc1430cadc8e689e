import { BookOpen, Leaf, Sprout } from 'lucide-react';
import { useEffect, useRef } from 'react';

import { useT } from '#app/lib/language.ts';
import { Link } from '#app/ui/LocalLink.tsx';
import { type BlogPostMeta, type BlogTopic, TOPIC_NAMES, topicSlug } from '#domains/blog/model.ts';
import { msg } from '#lib/i18n/translate.ts';

import { ArticleCard, ArticleList } from './ArticleCard.tsx';

const TOPICS: Array<{ title: BlogTopic; text: string; icon: typeof Leaf }> = [
  { title: 'Sustainable Living', text: msg('Everyday swaps for a plastic-free home and kitchen.'), icon: Sprout },
  { title: 'Product Guides', text: msg('Which plate, bowl or container suits which meal.'), icon: BookOpen },
  { title: 'Environmental Impact', text: msg('Plastic rules in Kerala and what composting really does.'), icon: Leaf },
];

/** The blog's front page: the three topics (each a link that shows only its articles), then the latest articles. */
export function BlogIndex({ latest, topic = null }: { latest: BlogPostMeta[]; topic?: BlogTopic | null }) {
  const [featured, ...rest] = latest;
  const heading = useRef<HTMLHeadingElement>(null);
  const shownTopic = useRef(topic);
  const t = useT();
  // After choosing or clearing a topic, go to the articles it shows (not on the first visit).
  useEffect(() => {
    if (shownTopic.current === topic) return;
    shownTopic.current = topic;
    heading.current?.focus();
  }, [topic]);
  return (
    <>
      <section className="bg-leaf-50">
        <div className="container-page py-14">
          <h1 className="text-4xl font-extrabold text-leaf-900">{t('Eco-friendly living blog')}</h1>
          <p className="mt-4 max-w-2xl text-lg text-stone-700">
            {t('Practical guides on plastic-free dining, Kerala’s plastic rules and choosing the right tableware.')}
          </p>
          <ul className="mt-10 grid gap-4 md:grid-cols-3">
            {TOPICS.map(({ title, text, icon: Icon }) => (
              <li key={title} className="flex">
                <Link
                  to={`/blog?topic=${topicSlug(title)}`}
                  preventScrollReset
                  aria-current={title === topic ? 'page' : undefined}
                  className={`block w-full rounded-xl border-2 bg-white p-6 shadow-sm hover:border-leaf-700 ${title === topic ? 'border-leaf-700' : 'border-transparent'}`}
                >
                  <Icon aria-hidden="true" className="size-7 text-leaf-700" />
                  <h2 className="mt-3 font-semibold text-leaf-900 underline-offset-4">{t(TOPIC_NAMES[title])}</h2>
                  <p className="mt-1 text-sm text-stone-700">{t(text)}</p>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section aria-labelledby="latest-title" className="container-page py-12">
        <h2 id="latest-title" ref={heading} tabIndex={-1} className="text-2xl font-bold text-leaf-900 focus:outline-none">
          {t('Latest Articles')}
        </h2>
        {topic && (
          <p className="mt-2 text-stone-700">
            {t('{topic} only.', { topic: t(TOPIC_NAMES[topic]) })}{' '}
            <Link
              to="/blog"
              preventScrollReset
              className="inline-flex min-h-11 items-center font-semibold text-leaf-800 underline"
            >
              {t('Show all articles')}
            </Link>
          </p>
        )}
        {featured && (
          <div className="mt-6">
            <ArticleCard post={featured} featured />
          </div>
        )}
        <ArticleList posts={rest} />
        <p className="mt-10 text-center">
          <Link to="/products" className="btn-primary">
            {t('Browse our products')}
          </Link>
        </p>
      </section>
    </>
  );
}
