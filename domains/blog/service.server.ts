import fs from 'node:fs';
import path from 'node:path';

import matter from 'gray-matter';
import { Marked } from 'marked';
import { z } from 'zod';

import { BLOG_TOPICS, type BlogPost, type BlogPostMeta, type BlogTopic } from '#domains/blog/model.ts';
import { isCalendarDay } from '#lib/calendar.ts';

const frontMatterSchema = z.object({
  title: z.string().min(1),
  description: z.string().min(1).max(200),
  category: z.enum(BLOG_TOPICS),
  author: z.string().min(1),
  date: z.string().refine(isCalendarDay, 'date must be a real day, YYYY-MM-DD'),
  keywords: z.array(z.string()).default([]),
  related: z.array(z.string()).default([]),
  toc: z.array(z.object({ id: z.string(), title: z.string() })).default([]),
  cta: z.object({ title: z.string(), text: z.string(), label: z.string(), href: z.string().startsWith('/') }),
});

/** Headings may end in `{#id}`; otherwise the id is made from the text. */
const markdown = new Marked({
  renderer: {
    heading({ tokens, depth, text }) {
      const explicit = /\s*\{#([a-z0-9-]+)\}\s*$/.exec(text);
      const id = explicit?.[1] ?? slugify(text);
      const inner = this.parser.parseInline(tokens).replace(/\s*\{#[a-z0-9-]+\}\s*$/, '');
      return `<h${depth} id="${id}">${inner}</h${depth}>\n`;
    },
  },
});

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The articles: Markdown files in content/blog, read and rendered once at start. */
export class BlogService {
  private readonly posts: BlogPost[];
  private readonly bySlug: Map<string, BlogPost>;

  constructor(contentDir: string) {
    const files = fs.readdirSync(contentDir).filter((f) => f.endsWith('.md'));
    // Newest first (ISO dates compare as text); the title settles a tie.
    this.posts = files
      .map((file) => readPost(path.join(contentDir, file)))
      .sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title));
    this.bySlug = new Map(this.posts.map((p) => [p.slug, p]));
  }

  /** The articles, newest first; with a topic, only that topic's. */
  list(topic?: BlogTopic): BlogPostMeta[] {
    return this.posts.filter((post) => !topic || post.category === topic).map(toMeta);
  }

  get(slug: string): BlogPost | null {
    return this.bySlug.get(slug) ?? null;
  }

  related(post: BlogPost, count: number): BlogPostMeta[] {
    const named = post.related.map((slug) => this.bySlug.get(slug)).filter((p): p is BlogPost => Boolean(p));
    const others = this.posts.filter((p) => p.slug !== post.slug && !post.related.includes(p.slug));
    return [...named, ...others].slice(0, count).map(toMeta);
  }
}

function readPost(file: string): BlogPost {
  const slug = path.basename(file, '.md');
  const parsed = matter(fs.readFileSync(file, 'utf8'));
  const result = frontMatterSchema.safeParse(parsed.data);
  if (!result.success) throw new Error(`Bad front matter in ${file}: ${result.error.message}`);
  const fm = result.data;
  const html = markdown.parse(parsed.content, { async: false });
  return {
    slug,
    url: `/blog/${slug}`,
    title: fm.title,
    description: fm.description,
    category: fm.category,
    readTime: readingTime(parsed.content),
    author: fm.author,
    date: fm.date,
    keywords: fm.keywords,
    related: fm.related,
    toc: fm.toc,
    cta: fm.cta,
    html,
  };
}

/** Words at an unhurried 200 a minute, never under a minute: '5 min read'. */
export function readingTime(markdownText: string): string {
  const words = markdownText.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return `${Math.max(1, Math.round(words / 200))} min read`;
}

function toMeta(post: BlogPost): BlogPostMeta {
  const { slug, title, url, description, category, readTime, author, date, keywords } = post;
  return { slug, title, url, description, category, readTime, author, date, keywords };
}
