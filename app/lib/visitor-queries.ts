// The queries that follow the sign-in, named for the account's hooks (domains/account/ui/use-auth.ts): the cart and the
// price group are concepts above the account, so the shell, which knows them all, wires them in.
import { followSignIn } from '#domains/account/ui/use-auth.ts';
import type { CartItem } from '#domains/cart/model.ts';
import { CART_KEY } from '#domains/cart/ui/use-cart.ts';
import { PRICE_GROUP_KEY } from '#domains/pricing/ui/price-group.tsx';

followSignIn(
  { key: CART_KEY, signedOut: [] satisfies CartItem[], refetchAfterSignOut: true },
  { key: PRICE_GROUP_KEY, signedOut: null },
);
