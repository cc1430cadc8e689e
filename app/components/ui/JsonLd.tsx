import { useNonce } from '../../lib/nonce';

/**
 * Structured data for search engines; '<' is escaped so text can never close the script. A data block is
 * never executed, so the CSP does not apply to it, but it carries the page's nonce so strict checkers stay quiet.
 */
export function JsonLd({ data }: { data: unknown }) {
  return (
    <script
      type="application/ld+json"
      nonce={useNonce()}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }}
    />
  );
}
