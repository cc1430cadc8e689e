import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';

import type { CartItem } from '#domains/cart/model.ts';
import { useClearCart, useRemoveLine, useSetQuantity } from '#domains/cart/ui/line-changes.ts';
import { CART_KEY, useAddToCart, useCart } from '#domains/cart/ui/use-cart.ts';
import { ANY_QUANTITY } from '#domains/catalogue/carton-rules.ts';
import type { Product } from '#domains/catalogue/model.ts';
import { fetchProduct } from '#domains/catalogue/ui/catalogue-api.ts';
import type { DialogProduct } from '#domains/catalogue/ui/OptionsDialog.tsx';
import { type Selection, selectionIds } from '#domains/catalogue/ui/variation-choice.ts';
import { sameOptionIds } from '#domains/catalogue/variations.ts';
import type { DirectEnquiryItem } from '#domains/enquiry/schema.ts';
import { directEnquiryItem, keepDirectLines } from '#domains/enquiry/ui/enquiry-storage.ts';
import { usePriceGroup } from '#domains/pricing/ui/price-group.tsx';
import { msg } from '#lib/i18n/translate.ts';
import { languageOfPath } from '#lib/language.ts';
import { toDecimalString } from '#lib/money.ts';

import { replaceDirectItem, usableDirectList } from './direct-list.ts';
import { keptDirectLines, takeDirectEnquiry } from './direct-storage.ts';
import { type EnquiryLine, keyOf, lineFromCart, lineFromDirect, lineKey } from './enquiry-lines.ts';
import { editButtonId } from './SummaryLine.tsx';

const productKey = (id: number) => ['product', id] as const;

/**
 * Where the lines come from: not known until the browser has looked for a direct enquiry in session storage
 * (server render and hydration), then the direct list or the cart. Until then the page shows the cart, the usual
 * case, so it does not jump when it hydrates (it did: a layout shift of 0.34 on an empty cart); a direct list found
 * there replaces it before the browser paints again.
 */
type Source = { kind: 'pending' } | { kind: 'cart' } | { kind: 'direct'; items: DirectEnquiryItem[] };

/** The line just removed, for its Undo: a direct line goes back where it was, a cart line is added again. */
interface Removed {
  line: EnquiryLine;
  direct?: { item: DirectEnquiryItem; index: number };
}

/** The line being edited in the options dialog, with what the dialog needs to know about its product. */
export interface Editing {
  line: EnquiryLine;
  product: DialogProduct;
}

/**
 * The checkout's lines, from a direct enquiry or the cart, and what the customer can do to them: change a quantity,
 * remove a line, edit its options. Focus goes back to the line's Edit Options button (or the summary heading).
 */
export function useEnquiryLines(fail: (description: string, error?: unknown) => void) {
  const queryClient = useQueryClient();
  const cart = useCart();
  const terms = usePriceGroup();
  const setQuantity = useSetQuantity();
  const removeLine = useRemoveLine();
  const addToCart = useAddToCart();
  const clearCart = useClearCart();

  const [source, setSource] = useState<Source>({ kind: 'pending' });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [removed, setRemoved] = useState<Removed | null>(null);
  const summaryHeading = useRef<HTMLHeadingElement>(null);
  const focusAfterEdit = useRef<string | null>(null);

  // Read once: the list is removed from storage as it is read (a ref keeps StrictMode's second run from losing it).
  const looked = useRef(false);
  useLayoutEffect(() => {
    if (looked.current) return;
    looked.current = true;
    const direct = usableDirectList(takeDirectEnquiry()) ?? usableDirectList(keptDirectLines());
    setSource(direct ? { kind: 'direct', items: direct } : { kind: 'cart' });
  }, []);

  const cartItems = cart.data;
  const lines: EnquiryLine[] | null = useMemo(() => {
    if (source.kind === 'direct') return source.items.map(lineFromDirect);
    if (cartItems) return cartItems.map(lineFromCart);
    return null;
  }, [source, cartItems]);
  const cartByKey = useMemo(() => new Map((cartItems ?? []).map((item) => [keyOf(item), item])), [cartItems]);

  useEffect(() => {
    if (editing || !focusAfterEdit.current) return;
    const target = document.getElementById(editButtonId(focusAfterEdit.current));
    focusAfterEdit.current = null;
    (target ?? summaryHeading.current)?.focus();
  }, [editing, lines]);

  const changeQuantity = (line: EnquiryLine, quantity: number) => {
    if (quantity < 1 || quantity > line.max) return;
    if (source.kind === 'direct') {
      setSource({ kind: 'direct', items: source.items.map((item) => (keyOf(item) === line.key ? { ...item, quantity } : item)) });
      return;
    }
    setQuantity.mutate({ line, quantity }, { onError: (error) => fail(msg('Failed to update quantity'), error) });
  };

  /** The removed line's Undo then holds the focus (RemovedLine). */
  const remove = (line: EnquiryLine) => {
    if (source.kind === 'direct') {
      const index = source.items.findIndex((item) => keyOf(item) === line.key);
      const item = source.items[index];
      if (!item) return;
      setRemoved({ line, direct: { item, index } });
      setSource({ kind: 'direct', items: source.items.filter((_, i) => i !== index) });
      return;
    }
    // Said once the shop has removed it, never before (offline it is not removed, and the line stays).
    removeLine.mutate(line, {
      onSuccess: () => setRemoved({ line }),
      onError: (error) => fail(msg('Failed to remove item'), error),
    });
  };

  const undoRemove = () => {
    if (!removed) return;
    const restored = () => {
      setRemoved(null);
      summaryHeading.current?.focus();
    };
    const { line, direct } = removed;
    if (direct) {
      if (source.kind === 'direct')
        setSource({
          kind: 'direct',
          items: [...source.items.slice(0, direct.index), direct.item, ...source.items.slice(direct.index)],
        });
      restored();
      return;
    }
    const { productId, variationId, optionIds, quantity } = line;
    addToCart.mutate(
      { productId, variationId, optionIds, quantity },
      { onSuccess: restored, onError: (error) => fail(msg('Failed to add item to cart. Please try again.'), error) },
    );
  };

  const loadProduct = (id: number) =>
    queryClient.fetchQuery({
      queryKey: productKey(id),
      // Named as the page is written: the dialog shows the product's name.
      queryFn: ({ signal }) => fetchProduct(id, languageOfPath(window.location.pathname), signal),
    });

  const startEdit = (line: EnquiryLine) => {
    const item = source.kind === 'cart' ? cartByKey.get(line.key) : undefined;
    // Until the product is loaded (alongside the dialog's options) the dialog knows what the line knows: a direct line
    // its own price, not the product's base price, and neither the product's breaks.
    const known = item
      ? { price: item.product.price, minCartons: item.product.minCartons, cartonStep: item.product.cartonStep }
      : { price: toDecimalString(line.price), ...ANY_QUANTITY };
    const product = queryClient.getQueryData<Product>(productKey(line.productId));
    setEditing({ line, product: product ?? { id: line.productId, name: line.productName, priceBreaks: [], ...known } });
    void loadProduct(line.productId)
      .then((loaded) => setEditing((current) => (current?.line.key === line.key ? { ...current, product: loaded } : current)))
      .catch(() => {
        // confirming will try again and report the failure
      });
  };

  const closeEdit = () => {
    if (editing) focusAfterEdit.current = editing.line.key;
    setEditing(null);
  };

  /** The dialog's Save: never throws (the dialog does not catch); a failure keeps the dialog open. */
  const confirmEdit = async ({ quantity, ...selection }: Selection & { quantity: number }) => {
    if (!editing) return;
    const { line } = editing;
    const variationId = selection.variation?.id ?? null;
    const optionIds = selectionIds(selection);
    try {
      if (source.kind === 'direct') {
        const replacement = directEnquiryItem(await loadProduct(line.productId), selection, quantity, terms);
        setSource({ kind: 'direct', items: replaceDirectItem(source.items, line.key, replacement) });
        focusAfterEdit.current = keyOf(replacement);
      } else if (variationId === line.variationId && sameOptionIds(optionIds, line.optionIds)) {
        await setQuantity.mutateAsync({ line, quantity });
        focusAfterEdit.current = line.key;
      } else {
        // The new line first: if that fails, the customer still has the old one.
        await addToCart.mutateAsync({ productId: line.productId, variationId, optionIds, quantity });
        await removeLine.mutateAsync(line);
        await queryClient.refetchQueries({ queryKey: CART_KEY });
        focusAfterEdit.current = lineKey(line.productId, variationId, optionIds);
      }
      setEditing(null);
    } catch {
      fail(msg('Failed to update variation. Please try again.'));
    }
  };

  useEffect(() => {
    if (source.kind === 'direct') keepDirectLines(source.items);
  }, [source]);

  /** After a successful enquiry: the cart (or the direct list) is empty. */
  const clearSent = () => {
    if (source.kind === 'cart') {
      queryClient.setQueryData<CartItem[]>(CART_KEY, []);
      clearCart.mutate();
    } else {
      setSource({ kind: 'direct', items: [] });
    }
  };

  return {
    direct: source.kind === 'direct',
    lines,
    summaryHeading,
    changeQuantity,
    remove,
    removed: removed?.line.productName ?? null,
    undoRemove,
    undoing: addToCart.isPending,
    editing,
    startEdit,
    closeEdit,
    confirmEdit,
    clearSent,
  };
}
