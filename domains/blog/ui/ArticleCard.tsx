import { useLanguage, useT } from '#app/lib/language.ts';
import { Link } from '#app/ui/LocalLink.tsx';
import { type BlogPostMeta, TOPIC_NAMES } from '#domains/blog/model.ts';
import { dateText } from '#lib/calendar.ts';

/** A post's card: its category, title (the link), description, author, date and reading time. */
export function ArticleCard({ post, featured = false }: { post: BlogPostMeta; featured?: boolean }) {
  const t = useT();
  const language = useLanguage();
  return (
    <article
      className={`relative w-full rounded-xl border border-stone-200 p-6 hover:shadow-md ${featured ? 'bg-earth-50 md:p-10' : 'bg-white'}`}
    >
      <p className="text-xs font-semibold tracking-wide text-leaf-700 uppercase">
        {featured && <span className="mr-2 rounded bg-leaf-700 px-2 py-0.5 text-white">{t('Featured')}</span>}
        {t(TOPIC_NAMES[post.category])}
      </p>
      <h3 className={`mt-2 font-bold text-stone-900 ${featured ? 'text-2xl md:text-3xl' : 'text-lg'}`}>
        <Link to={post.url} className="after:absolute after:inset-0">
          {post.title}
        </Link>
      </h3>
      <p className="mt-2 text-stone-700">{post.description}</p>
      <p className="mt-3 text-sm text-stone-600">
        {post.author} · <time dateTime={post.date}>{dateText(post.date, language)}</time> · {post.readTime}
      </p>
    </article>
  );
}

/** Articles as cards, two a row from tablet width. */
export function ArticleList({ posts }: { posts: readonly BlogPostMeta[] }) {
  return (
    <ul className="mt-6 grid gap-6 md:grid-cols-2">
      {posts.map((post) => (
        <li key={post.slug} className="flex">
          <ArticleCard post={post} />
        </li>
      ))}
    </ul>
  );
}
