import { Mail, MessageCircle, Phone } from 'lucide-react';

/** One-tap ways to reach a customer (format.ts makes them: the call and WhatsApp only with a phone number). */
interface ReachLinks {
  call: string | null;
  whatsapp: string | null;
  email: string;
}

/**
 * A row's one-tap Call and WhatsApp buttons (each only with a phone number); `name` says whom for screen readers.
 * `className` is added to each (md:hidden where the row's table shows the number from tablet width).
 */
export function CallButtons({
  links,
  name,
  className = '',
}: {
  links: Omit<ReachLinks, 'email'>;
  name: string;
  className?: string;
}) {
  return (
    <>
      {links.call && (
        <a href={links.call} className={`btn-outline size-11 p-0 ${className}`}>
          <Phone aria-hidden="true" className="size-4" />
          <span className="sr-only">Call {name}</span>
        </a>
      )}
      {links.whatsapp && (
        <a href={links.whatsapp} target="_blank" rel="noopener noreferrer" className={`btn-outline size-11 p-0 ${className}`}>
          <MessageCircle aria-hidden="true" className="size-4" />
          <span className="sr-only">WhatsApp {name}</span>
        </a>
      )}
    </>
  );
}

/** A record's labelled Call (with the number), WhatsApp and E-mail buttons, at the top of its details. */
export function ReachButtons({ links, phone }: { links: ReachLinks; phone: string | null | undefined }) {
  return (
    <>
      {links.call && (
        <a href={links.call} className="btn-outline min-h-11">
          <Phone aria-hidden="true" className="size-4" /> Call {phone}
        </a>
      )}
      {links.whatsapp && (
        <a href={links.whatsapp} target="_blank" rel="noopener noreferrer" className="btn-outline min-h-11">
          <MessageCircle aria-hidden="true" className="size-4" /> WhatsApp
        </a>
      )}
      <a href={links.email} className="btn-outline min-h-11">
        <Mail aria-hidden="true" className="size-4" /> E-mail
      </a>
    </>
  );
}
