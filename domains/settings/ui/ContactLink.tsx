import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * One way to reach the shop (its phone, e-mail, WhatsApp) behind its icon: small in the footer, large on the contact
 * page. A link that leaves the shop (WhatsApp) opens in a new tab.
 */
export function ContactLink({
  icon: Icon,
  href,
  large = false,
  external = false,
  children,
}: {
  icon: LucideIcon;
  href: string;
  large?: boolean;
  external?: boolean;
  children: ReactNode;
}) {
  return (
    <p className={large ? 'flex gap-3' : 'flex items-center gap-2'}>
      <Icon aria-hidden="true" className={large ? 'mt-3 size-5 shrink-0 text-leaf-700' : 'size-4 shrink-0'} />
      <a
        href={href}
        {...(external && { rel: 'noopener noreferrer', target: '_blank' })}
        className="tap underline-offset-2 hover:underline"
      >
        {children}
      </a>
    </p>
  );
}
