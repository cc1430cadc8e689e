import { Link } from 'react-router';

/**
 * For an enquiry shop a sold-out line is a lead, not a dead end: the contact form, started as a question about this
 * product (inquiry type 'Product Information').
 */
export function AskAvailability({ about }: { about: string }) {
  return (
    <Link
      to={`/contact?${new URLSearchParams({ about })}`}
      className="tap justify-center text-sm font-semibold text-leaf-800 underline underline-offset-2 sm:col-span-2"
    >
      Ask about availability
    </Link>
  );
}
