// Only the pages about the shop itself (/about, /contact) use this: apart from app/lib/meta.ts, which every page's
// first load carries, so the other pages do not load it.
import { type Matches, pageMeta, shopOf } from '#app/lib/meta.ts';
import type { PublicShop } from '#domains/settings/shop.ts';
import type { MessageValues } from '#lib/i18n/translate.ts';

/** What a page says of where the shop is: its name, town and state, as its settings stand. */
interface ShopPlace extends MessageValues {
  name: string;
  locality: string;
  state: string;
}

/**
 * pageMeta for a page about the shop itself: its description names the shop and where it is (`{name}`, `{locality}`,
 * `{state}`, and whatever else `describe` takes from the shop); `unnamed` while there is no shop (the root failed).
 */
export function shopPageMeta(
  matches: Matches,
  title: string,
  describe: (place: ShopPlace, shop: PublicShop) => string,
  unnamed: string,
) {
  const shop = shopOf(matches);
  if (!shop) return pageMeta(matches, title, unnamed);
  return pageMeta(
    matches,
    title,
    describe({ name: shop.name, locality: shop.address.locality, state: shop.address.state }, shop),
  );
}
