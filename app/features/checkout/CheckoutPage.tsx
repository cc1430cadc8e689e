import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { ShoppingBag } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { Product } from '../../../core/catalogue';
import type { CartItem, OrderCreated } from '../../../core/enquiry';
import { formatRupees, toDecimalString } from '../../../core/money';
import { checkoutFormSchema, type CheckoutForm } from '../../../core/schemas/enquiry';
import { sameOptionIds } from '../../../core/variations';
import type { z } from 'zod';
import { ApiError, sendJson } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { CART_KEY, useAddToCart, useCart, useClearCart, useRemoveLine, useSetQuantity } from '../../lib/use-cart';
import { fetchProduct } from '../../lib/catalogue-api';
import { selectionIds, type Selection } from '../../lib/variation-choice';
import { directEnquiryItem, takeDirectEnquiry, type DirectEnquiryItem } from '../../lib/enquiry-storage';
import {
  cartonSummary,
  displayIdOf,
  enquiryTotal,
  keyOf,
  lineFromCart,
  lineFromDirect,
  lineKey,
  orderPayload,
  replaceDirectItem,
  usableDirectList,
  type CheckoutUser,
  type EnquiryLine,
} from './enquiry-lines';
import { FormField } from '../../components/ui/FormField';
import { guestSessionId } from './guest-session';
import { saveLastEnquiry } from '../../lib/last-enquiry';
import { randomId } from './random-id';
import { editButtonId, SummaryLine } from './SummaryLine';

// Only needed when someone edits a line's options.
const OptionsDialog = lazy(() => import('../../components/product/OptionsDialog'));

const FORM_FIELDS = new Set<string>(['customerName', 'customerEmail', 'customerPhone', 'deliveryLocation', 'specialRequests']);
const productKey = (id: number) => ['product', id] as const;
type CheckoutValues = z.output<typeof checkoutFormSchema>;

/**
 * Where the lines come from: not known until the browser has looked for a direct enquiry in session storage
 * (server render and first client render), then the direct list or the cart.
 */
type Source = { kind: 'pending' } | { kind: 'cart' } | { kind: 'direct'; items: DirectEnquiryItem[] };

/** The line being edited in the options dialog, with what the dialog needs to know about its product. */
interface Editing {
  line: EnquiryLine;
  product: Pick<Product, 'id' | 'name' | 'price'>;
}

/** The Order Enquiry page (spec: checkout). A signed-in `user` is greeted and prefills name and e-mail (phone starts empty). */
export default function CheckoutPage({ user = null }: { user?: CheckoutUser | null }) {
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cart = useCart();
  const setQuantity = useSetQuantity();
  const removeLine = useRemoveLine();
  const addToCart = useAddToCart();
  const clearCart = useClearCart();

  const [source, setSource] = useState<Source>({ kind: 'pending' });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  /** What the server said about the last refused enquiry, for the lines it was about. */
  const [refusal, setRefusal] = useState<{ message: string; lines: string } | null>(null);
  const summaryHeading = useRef<HTMLHeadingElement>(null);
  const focusAfterEdit = useRef<string | null>(null);

  // Read once: the list is removed from storage as it is read (a ref keeps StrictMode's second run from losing it).
  const looked = useRef(false);
  useEffect(() => {
    if (looked.current) return;
    looked.current = true;
    const direct = usableDirectList(takeDirectEnquiry());
    setSource(direct ? { kind: 'direct', items: direct } : { kind: 'cart' });
  }, []);

  const cartItems = cart.data;
  const lines: EnquiryLine[] | null = useMemo(() => {
    if (source.kind === 'direct') return source.items.map(lineFromDirect);
    if (source.kind === 'cart' && cartItems) return cartItems.map(lineFromCart);
    return null;
  }, [source, cartItems]);
  const cartByKey = useMemo(() => new Map((cartItems ?? []).map((item) => [keyOf(item), item])), [cartItems]);

  const {
    register,
    handleSubmit,
    setError,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(checkoutFormSchema),
    mode: 'onTouched',
    defaultValues: {
      customerName: user?.name ?? '',
      customerEmail: user?.email ?? '',
      customerPhone: '',
      deliveryLocation: '',
      specialRequests: '',
      website: '',
    } satisfies CheckoutForm,
  });

  // Someone who signs in (or whose status arrives) after the page opened: fill what is still empty.
  useEffect(() => {
    if (!user) return;
    if (!getValues('customerName')) setValue('customerName', user.name);
    if (!getValues('customerEmail')) setValue('customerEmail', user.email);
  }, [user, getValues, setValue]);

  // One Idempotency-Key per enquiry: made at the first submit and kept while the same enquiry is retried (so a
  // request that reached the server before the network failed is not recorded twice); a changed form or list of
  // lines, or a success, makes the next submit a new enquiry with a new key.
  const attempt = useRef<{ key: string; payload: string } | null>(null);

  // The server's explanation is shown while the lines are as they were when it answered.
  const linesSignature = lines?.map((line) => `${line.key}x${line.quantity}`).join(',') ?? '';
  const serverMessage = refusal?.lines === linesSignature ? refusal.message : null;

  // After the options dialog closes, focus returns to the line's Edit Options button, or to the summary.
  useEffect(() => {
    if (editing || !focusAfterEdit.current) return;
    const target = document.getElementById(editButtonId(focusAfterEdit.current));
    focusAfterEdit.current = null;
    (target ?? summaryHeading.current)?.focus();
  }, [editing, lines]);

  const failToast = (description: string) => toast({ title: 'Error', description, variant: 'destructive' });

  const changeQuantity = (line: EnquiryLine, quantity: number) => {
    if (quantity < 1 || quantity > line.max) return;
    if (source.kind === 'direct') {
      setSource({
        kind: 'direct',
        items: source.items.map((item) => (keyOf(item) === line.key ? { ...item, quantity } : item)),
      });
      return;
    }
    setQuantity.mutate({ line, quantity }, { onError: () => failToast('Failed to update quantity') });
  };

  const remove = (line: EnquiryLine) => {
    if (source.kind === 'direct') {
      setSource({ kind: 'direct', items: source.items.filter((item) => keyOf(item) !== line.key) });
      summaryHeading.current?.focus();
      return;
    }
    removeLine.mutate(line, {
      onSuccess: () => summaryHeading.current?.focus(),
      onError: () => failToast('Failed to remove item'),
    });
  };

  const startEdit = (line: EnquiryLine) => {
    const item = cartByKey.get(line.key);
    if (source.kind === 'cart' && item) {
      setEditing({ line, product: { id: item.productId, name: item.product.name, price: item.product.price } });
      return;
    }
    // A direct line knows its own price, not the product's base price: the dialog shows the base price once the
    // product is loaded (it loads alongside the dialog's options).
    const product = queryClient.getQueryData<Product>(productKey(line.productId));
    setEditing({ line, product: product ?? { id: line.productId, name: line.productName, price: toDecimalString(line.price) } });
    void queryClient
      .fetchQuery({ queryKey: productKey(line.productId), queryFn: ({ signal }) => fetchProduct(line.productId, signal) })
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
        const product = await queryClient.fetchQuery({
          queryKey: productKey(line.productId),
          queryFn: ({ signal }) => fetchProduct(line.productId, signal),
        });
        const replacement = directEnquiryItem(product, selection, quantity);
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
      failToast('Failed to update variation. Please try again.');
    }
  };

  const send = async (values: CheckoutValues) => {
    if (!lines || lines.length === 0) return;
    setRefusal(null);
    const payload = orderPayload(values, lines, { user, guestSessionId });
    const body = JSON.stringify(payload);
    const current = attempt.current?.payload === body ? attempt.current : { key: randomId(), payload: body };
    attempt.current = current;
    try {
      const answer = await sendJson<Partial<OrderCreated>>('POST', '/api/orders', payload, { 'Idempotency-Key': current.key });
      const displayId = displayIdOf(answer);
      if (displayId === null) throw new Error('The answer has no enquiry number');
      attempt.current = null;
      saveLastEnquiry({ displayId, summary: cartonSummary(lines) });
      toast({
        title: 'Order enquiry submitted successfully!',
        description: `Your enquiry #${displayId} has been submitted. We will contact you shortly to confirm details and pricing.`,
      });
      setSent(displayId);
      if (source.kind === 'cart') {
        queryClient.setQueryData<CartItem[]>(CART_KEY, []);
        clearCart.mutate();
      } else {
        setSource({ kind: 'direct', items: [] });
      }
      void navigate('/');
    } catch (error) {
      if (error instanceof ApiError) showServerErrors(error);
      failToast('Failed to submit enquiry. Please try again.');
    }
  };

  /** Field messages from a 400 go to their fields; anything else the server explains goes above the button. */
  const showServerErrors = (error: ApiError) => {
    const fieldErrors = Object.entries(error.body?.errors ?? {});
    const onFields = fieldErrors.filter(([field]) => FORM_FIELDS.has(field));
    onFields.forEach(([field, message], index) =>
      setError(field as Path<CheckoutForm>, { type: 'server', message }, { shouldFocus: index === 0 }),
    );
    const explained = error.status < 500 && error.body?.message;
    if (explained && (error.status !== 400 || onFields.length === 0 || onFields.length < fieldErrors.length)) {
      setRefusal({ message: explained, lines: linesSignature });
    }
  };

  if (sent !== null) {
    return (
      <PageFrame>
        <p role="status" className="mt-6 rounded-xl border border-leaf-200 bg-leaf-50 p-6 text-leaf-900">
          Enquiry #{sent} has been submitted. Taking you to the home page…
        </p>
      </PageFrame>
    );
  }

  if (lines && lines.length === 0) {
    return (
      <PageFrame>
        <div className="mt-8 flex flex-col items-center gap-4 rounded-xl border border-stone-200 p-10 text-center">
          <ShoppingBag aria-hidden="true" className="size-10 text-leaf-700" />
          <p className="text-lg text-stone-700">Your enquiry cart is empty</p>
          <Link to="/products" className="btn-primary">
            Browse products
          </Link>
        </div>
      </PageFrame>
    );
  }

  const total = lines ? enquiryTotal(lines) : 0;
  const submitting = isSubmitting;

  return (
    <PageFrame>
      {user && <p className="mt-2 text-lg font-semibold text-leaf-900">{`Welcome back, ${user.greeting}!`}</p>}
      <p className="mt-2 text-stone-700">
        No payment now: send your enquiry and we will call you within 24 hours to confirm delivery and pricing.
      </p>
      <form
        method="post"
        noValidate
        onSubmit={(event) => void handleSubmit(send)(event)}
        className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_26rem] lg:items-start"
      >
        <div className="space-y-8">
          <section className="rounded-xl border border-stone-200 p-5 sm:p-6">
            <h2 id="contact-title" className="text-xl font-bold text-leaf-900">
              Contact details
            </h2>
            <div className="mt-4 grid gap-5 sm:grid-cols-2">
              <FormField label="Full name" error={errors.customerName?.message} className="sm:col-span-2">
                {(control) => <input {...control} {...register('customerName')} type="text" autoComplete="name" />}
              </FormField>
              <FormField label="Email" error={errors.customerEmail?.message}>
                {(control) => (
                  <input {...control} {...register('customerEmail')} type="email" autoComplete="email" inputMode="email" />
                )}
              </FormField>
              <FormField label="Mobile number" hint="10 digits, starting with 6, 7, 8 or 9" error={errors.customerPhone?.message}>
                {(control) => (
                  <input {...control} {...register('customerPhone')} type="tel" autoComplete="tel-national" inputMode="numeric" />
                )}
              </FormField>
            </div>
          </section>

          <section className="rounded-xl border border-stone-200 p-5 sm:p-6">
            <h2 id="delivery-title" className="text-xl font-bold text-leaf-900">
              Delivery address
            </h2>
            <FormField
              label="Delivery address"
              hint="Street, area, city, state and 6-digit pincode"
              error={errors.deliveryLocation?.message}
              className="mt-4"
              multiline
            >
              {(control) => <textarea {...control} {...register('deliveryLocation')} rows={4} autoComplete="street-address" />}
            </FormField>
          </section>

          <section className="rounded-xl border border-stone-200 p-5 sm:p-6">
            <h2 id="requests-title" className="text-xl font-bold text-leaf-900">
              Special requests
            </h2>
            <FormField
              label="Special requests (optional)"
              hint="Delivery date, custom branding, anything we should know"
              error={errors.specialRequests?.message}
              className="mt-4"
              multiline
            >
              {(control) => <textarea {...control} {...register('specialRequests')} rows={3} />}
            </FormField>
          </section>

          <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
            <label htmlFor="checkout-website">Leave this field empty</label>
            <input id="checkout-website" type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
          </div>
        </div>

        <aside
          aria-labelledby="summary-title"
          className="rounded-xl border border-stone-200 bg-earth-50 p-5 sm:p-6 lg:sticky lg:top-24 lg:max-h-[calc(100dvh-7rem)] lg:overflow-y-auto"
        >
          <h2
            id="summary-title"
            ref={summaryHeading}
            tabIndex={-1}
            className="text-xl font-bold text-leaf-900 focus:outline-none focus-visible:outline-3"
          >
            Enquiry summary
          </h2>
          {lines === null ? (
            <div role="status" className="mt-4 space-y-3" aria-label="Loading your enquiry">
              {[0, 1].map((n) => (
                <div key={n} className="flex animate-pulse gap-3">
                  <div className="size-16 rounded-lg bg-stone-200" />
                  <div className="flex-1 space-y-2">
                    <div className="h-4 w-3/4 rounded bg-stone-200" />
                    <div className="h-4 w-1/2 rounded bg-stone-200" />
                  </div>
                </div>
              ))}
            </div>
          ) : (
            <ul className="mt-2 divide-y divide-stone-200">
              {lines.map((line) => (
                <SummaryLine
                  key={line.key}
                  line={line}
                  editable={line.variationId !== null}
                  busy={submitting}
                  onQuantity={(quantity) => changeQuantity(line, quantity)}
                  onRemove={() => remove(line)}
                  onEdit={() => startEdit(line)}
                />
              ))}
            </ul>
          )}
          <dl className="mt-4 space-y-2 border-t border-stone-300 pt-4 text-stone-800">
            <div className="flex justify-between">
              <dt>Subtotal</dt>
              <dd>{formatRupees(total)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Tax</dt>
              <dd>{formatRupees(0)}</dd>
            </div>
            <div className="flex justify-between text-lg font-bold text-stone-900">
              <dt>Total</dt>
              <dd>{formatRupees(total)}</dd>
            </div>
          </dl>
          <p className="mt-2 text-sm text-stone-600">Estimated total; final pricing is confirmed when we call you.</p>
          {serverMessage && (
            <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
              {serverMessage}
            </p>
          )}
          <button type="submit" className="btn-primary mt-4 w-full" disabled={submitting || !lines}>
            {submitting ? 'Submitting Enquiry...' : 'Submit Enquiry'}
          </button>
        </aside>
      </form>

      {editing && (
        <Suspense fallback={null}>
          <OptionsDialog
            key={editing.line.key}
            product={editing.product}
            mode="edit"
            initialChoice={Object.fromEntries(editing.line.options.map((option) => [option.type, option.id]))}
            initialQuantity={editing.line.quantity}
            onConfirm={confirmEdit}
            onClose={closeEdit}
          />
        </Suspense>
      )}
    </PageFrame>
  );
}

function PageFrame({ children }: { children: ReactNode }) {
  return (
    <div className="container-page py-8 sm:py-12">
      <h1 className="text-3xl font-extrabold text-leaf-900 sm:text-4xl">Order Enquiry</h1>
      {children}
    </div>
  );
}
