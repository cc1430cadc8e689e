import { Mail, Phone } from 'lucide-react';

import { phoneHref, phoneText, type PublicShop } from '#domains/settings/shop.ts';

/** The shop's phone number and e-mail address as lines of its contact details, each a link to call or write. */
export function PhoneAndMail({
  shop,
  lineClassName,
  iconClassName,
}: {
  shop: PublicShop;
  lineClassName: string;
  iconClassName: string;
}) {
  return (
    <>
      <p className={lineClassName}>
        <Phone aria-hidden="true" className={iconClassName} />
        <a href={phoneHref(shop.phone)} className="tap underline-offset-2 hover:underline">
          {phoneText(shop.phone)}
        </a>
      </p>
      <p className={lineClassName}>
        <Mail aria-hidden="true" className={iconClassName} />
        <a href={`mailto:${shop.email}`} className="tap underline-offset-2 hover:underline">
          {shop.email}
        </a>
      </p>
    </>
  );
}
