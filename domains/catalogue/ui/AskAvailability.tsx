import { useT } from '#app/lib/language.ts';
import { Link } from '#app/ui/LocalLink.tsx';

/**
 * For an enquiry shop a sold-out line is a lead, not a dead end: the contact form, started as a question about this
 * product (inquiry type 'Product Information').
 */
export function AskAvailability({ about }: { about: string }) {
  const t = useT();
  return (
    <Link
      to={`/contact?${new URLSearchParams({ about })}`}
      className="tap justify-center text-sm font-semibold text-leaf-800 underline underline-offset-2 sm:col-span-2"
    >
      {t('Ask about availability')}
    </Link>
  );
}
