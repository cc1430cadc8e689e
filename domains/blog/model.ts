import { msg } from '#lib/i18n/translate.ts';

/** Blog post metadata as the pages use it: title, url, description, category, readTime. */
export interface BlogPostMeta {
  slug: string;
  title: string;
  url: string;
  description: string;
  category: BlogTopic;
  readTime: string;
  author: string;
  /** ISO date, e.g. 2026-01-12. */
  date: string;
  keywords: string[];
}

export interface BlogPost extends BlogPostMeta {
  /** Rendered from the project's own Markdown files: trusted HTML. */
  html: string;
  related: string[];
  toc: Array<{ id: string; title: string }>;
  cta: { title: string; text: string; label: string; href: string };
}

export const BLOG_TOPICS = ['Sustainable Living', 'Product Guides', 'Environmental Impact'] as const;
export type BlogTopic = (typeof BLOG_TOPICS)[number];

/** Each topic's name as the pages show it: an English message, shown in the page's language (`t(name)`). */
export const TOPIC_NAMES: Record<BlogTopic, string> = {
  'Sustainable Living': msg('Sustainable Living'),
  'Product Guides': msg('Product Guides'),
  'Environmental Impact': msg('Environmental Impact'),
};

/** A topic in an address: 'Product Guides' is ?topic=product-guides. */
export const topicSlug = (topic: BlogTopic): string => topic.toLowerCase().replace(/\s+/g, '-');
export const topicOfSlug = (slug: string | null): BlogTopic | null =>
  BLOG_TOPICS.find((topic) => topicSlug(topic) === slug) ?? null;

export const LATEST_ARTICLES = 5;
export const RELATED_ON_ARTICLE = 2;
export const FEATURED_PRODUCTS_ON_ARTICLE = 3;
export const MAX_SOLUTION_LINKS = 3;

export interface SolutionLink {
  href: string;
  /** An English message, shown in the page's language. */
  label: string;
}

/** Each link, and the keyword fragments that call for it, in order of preference. */
const SOLUTIONS: Array<SolutionLink & { when: string[] }> = [
  { href: '/products?category=plates', label: msg('Areca leaf plates'), when: ['plate', 'sadya', 'wedding', 'areca'] },
  {
    href: '/products?category=containers',
    label: msg('Bagasse takeaway containers'),
    when: ['container', 'takeaway', 'parcel', 'restaurant', 'bagasse'],
  },
  { href: '/contact', label: msg('Ask for a bulk quote'), when: ['bulk', 'catering', 'business', 'event'] },
  { href: '/products', label: msg('All eco-friendly products'), when: [] },
];

/** 'Explore Related Solutions': up to 3 links chosen by the article's keywords; all products last. */
export function solutionLinks(keywords: readonly string[]): SolutionLink[] {
  const words = keywords.map((k) => k.toLowerCase());
  return SOLUTIONS.filter((s) => s.when.length === 0 || s.when.some((w) => words.some((k) => k.includes(w))))
    .slice(0, MAX_SOLUTION_LINKS)
    .map(({ href, label }) => ({ href, label }));
}
