import { MessageCircle, Phone, WifiOff } from 'lucide-react';
import type { ReactNode } from 'react';

import { useT } from '#app/lib/language.ts';
import { phoneHref, phoneText, whatsappHref } from '#domains/settings/shop.ts';
import { useShop } from '#domains/settings/ui/shop.ts';

/** Says plainly that the connection is gone, what that means here, and how to reach the shop without it. */
export function OfflineNotice({ children }: { children: ReactNode }) {
  const shop = useShop();
  const t = useT();
  return (
    <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-stone-900">
      <p className="flex items-center gap-2 font-semibold">
        <WifiOff aria-hidden="true" className="size-5 shrink-0 text-amber-800" />
        {t('You are offline.')}
      </p>
      <p className="mt-1 text-sm">{children}</p>
      <p className="mt-2 flex flex-wrap gap-x-4 text-sm">
        <a href={phoneHref(shop.phone)} className="tap gap-1 font-semibold text-leaf-800 underline">
          <Phone aria-hidden="true" className="size-4" /> {t('Call {phone}', { phone: phoneText(shop.phone) })}
        </a>
        <a
          href={whatsappHref(shop.whatsapp)}
          rel="noopener noreferrer"
          target="_blank"
          className="tap gap-1 font-semibold text-leaf-800 underline"
        >
          <MessageCircle aria-hidden="true" className="size-4" /> {t('WhatsApp us')}
          <span className="sr-only"> {t('(opens in a new tab)')}</span>
        </a>
      </p>
    </div>
  );
}
