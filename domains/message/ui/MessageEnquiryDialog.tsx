import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';

import { useAdminProducts, useMakeEnquiry } from '#app/admin/admin-api.ts';
import { ListSearch } from '#app/admin/ListControls.tsx';
import { InlineAlert } from '#app/ui/InlineAlert.tsx';
import { ModalDialog } from '#app/ui/ModalDialog.tsx';
import { authErrorMessage } from '#domains/account/ui/auth-api.ts';
import type { AdminProduct } from '#domains/catalogue/product-admin-schema.ts';
import { type Choice, lineCeiling, optionIdsOf, optionInStock, variationTypes } from '#domains/catalogue/variations.ts';
import { MAX_ENQUIRY_LINES } from '#domains/enquiry/model.ts';
import type { AdminContact } from '#domains/message/schema.ts';

interface DraftLine {
  key: number;
  product: AdminProduct;
  choice: Choice;
  quantity: string;
}

const activeOptions = (product: AdminProduct) => product.variations.filter((v) => v.isActive && optionInStock(v));

/**
 * Makes an enquiry of a contact message: the staff pick the products and cartons the customer asked for (the server
 * prices them from the catalogue) and, when the message gave one, the delivery address. The customer's name, e-mail
 * and phone come from the message, and the message becomes the enquiry's special requests.
 */
export function MessageEnquiryDialog({
  contact,
  onClose,
  onMade,
}: {
  contact: AdminContact;
  onClose: () => void;
  onMade: (displayId: number) => void;
}) {
  const ids = useId();
  const [q, setQ] = useState('');
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | null>(null);
  const found = useAdminProducts({ page: 1, q: q || undefined });
  const make = useMakeEnquiry();

  const add = (product: AdminProduct) => {
    // The first option of each type, to change in the line's selects.
    const choice: Record<string, number> = {};
    for (const option of activeOptions(product)) choice[option.type] ??= option.id;
    setLines((current) => [...current, { key: Date.now() + current.length, product, choice, quantity: '1' }]);
  };
  const change = (key: number, next: Partial<DraftLine>) =>
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...next } : line)));

  // Not a form: the product search inside it is one.
  const submit = () => {
    if (lines.length === 0) {
      setError('Add at least one product to the enquiry');
      return;
    }
    setError(null);
    const items = lines.map((line) => ({
      productId: line.product.id,
      quantity: Number(line.quantity),
      ...(line.product.hasVariations ? { optionIds: optionIdsOf(line.choice) } : {}),
    }));
    make.mutate(
      { id: contact.id, body: { deliveryLocation: address, items } },
      {
        onSuccess: (made) => onMade(made.displayId),
        onError: (failure) => setError(authErrorMessage(failure, 'The enquiry could not be made. Please try again.')),
      },
    );
  };

  return (
    <ModalDialog labelledBy={`${ids}-title`} onClose={onClose} className="m-auto w-[calc(100%-1rem)] max-w-2xl rounded-2xl">
      <div className="space-y-4 p-5">
        <h2 id={`${ids}-title`} className="text-lg font-bold text-leaf-900">
          Make an enquiry of {contact.name}&apos;s message
        </h2>
        <p className="text-sm text-stone-700">
          Pick what {contact.name} asked for: the shop&apos;s prices are used, as for any enquiry, and the message is kept as its
          special requests. {contact.name} gets an e-mail with the enquiry&apos;s number and status link.
        </p>
        <section aria-labelledby={`${ids}-lines`} className="space-y-2">
          <h3 id={`${ids}-lines`} className="font-semibold text-stone-900">
            Lines ({lines.length})
          </h3>
          {lines.length === 0 && <p className="text-sm text-stone-700">No products yet: add them from the list below.</p>}
          <ul className="space-y-2">
            {lines.map((line) => (
              <li key={line.key} className="rounded-lg border border-stone-200 p-3">
                <p className="font-semibold">{line.product.name}</p>
                <div className="mt-2 flex flex-wrap items-end gap-3">
                  {variationTypes(activeOptions(line.product)).map((type) => (
                    <label key={type} className="text-sm">
                      <span className="block font-semibold capitalize">{type}</span>
                      <select
                        value={line.choice[type]}
                        onChange={(event) => change(line.key, { choice: { ...line.choice, [type]: Number(event.target.value) } })}
                        className="h-11 rounded-lg border border-stone-300 bg-white px-2"
                      >
                        {activeOptions(line.product)
                          .filter((option) => option.type === type)
                          .map((option) => (
                            <option key={option.id} value={option.id}>
                              {option.name}: {option.value}
                            </option>
                          ))}
                      </select>
                    </label>
                  ))}
                  <label className="text-sm">
                    <span className="block font-semibold">Cartons</span>
                    <input
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={lineCeiling(activeOptions(line.product).filter((o) => Object.values(line.choice).includes(o.id)))}
                      value={line.quantity}
                      onChange={(event) => change(line.key, { quantity: event.target.value })}
                      className="h-11 w-24 rounded-lg border border-stone-300 px-2"
                    />
                  </label>
                  <button
                    type="button"
                    className="btn-outline size-11 p-0 text-red-800"
                    onClick={() => setLines((current) => current.filter((other) => other.key !== line.key))}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    <span className="sr-only">Remove {line.product.name}</span>
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby={`${ids}-products`} className="space-y-2">
          <h3 id={`${ids}-products`} className="font-semibold text-stone-900">
            Add a product
          </h3>
          <div className="flex">
            <ListSearch label="Search the products" initial={q} onSearch={setQ} />
          </div>
          {found.isError && <p className="text-sm text-red-800">The products could not be loaded. Please try again.</p>}
          <ul className="max-h-64 divide-y divide-stone-200 overflow-y-auto rounded-lg border border-stone-200">
            {found.data?.items.map((product) => (
              <li key={product.id} className="flex items-center justify-between gap-3 px-3 py-1">
                <span className="min-w-0 text-sm">{product.name}</span>
                {product.inStock && (!product.hasVariations || activeOptions(product).length > 0) ? (
                  <button
                    type="button"
                    className="btn-outline min-h-11 shrink-0"
                    disabled={lines.length >= MAX_ENQUIRY_LINES}
                    onClick={() => add(product)}
                  >
                    <Plus aria-hidden="true" className="size-4" /> Add<span className="sr-only"> {product.name}</span>
                  </button>
                ) : (
                  <span className="shrink-0 text-sm text-stone-600">Out of stock</span>
                )}
              </li>
            ))}
          </ul>
        </section>
        <label className="block">
          <span className="mb-1.5 block text-sm font-semibold text-stone-900">Delivery address (if the message gives one)</span>
          <textarea
            value={address}
            maxLength={500}
            rows={2}
            onChange={(event) => setAddress(event.target.value)}
            className="w-full rounded-lg border border-stone-300 px-3 py-2"
          />
        </label>
        {error && <InlineAlert message={error} />}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-outline min-h-11" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn-primary min-h-11" disabled={make.isPending} onClick={submit}>
            {make.isPending ? 'Making...' : 'Make the enquiry'}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
