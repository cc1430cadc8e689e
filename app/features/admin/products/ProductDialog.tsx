import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, type InputHTMLAttributes, type ReactNode, useRef, useState } from 'react';

import { CATEGORIES, UNIT_TYPES, VARIATION_TYPES } from '../../../../core/constants';
import type { GstRate } from '../../../../core/gst';
import { type AdminProduct, productBodySchema } from '../../../../core/schemas/product-admin';
import { FormField } from '../../../components/ui/FormField';
import { ApiError } from '../../../lib/api';
import { useToast } from '../../../lib/toast';
import { useAdminProduct, useSaveProduct } from '../shared/admin-api';
import { AdminDialog, DialogLoading } from '../shared/AdminDialog';
import { GstRateOptions } from '../shared/GstRateOptions';
import { ImagesField } from './ImagesField';
import { bodyOf, draftOf, newVariation, type ProductDraft, type VariationDraft } from './product-draft';

const IMAGE_REQUIRED = 'Please upload an image or give an image URL.';
const CHECK = 'size-5 accent-leaf-700';
const SMALL_INPUT = 'h-11 w-full rounded-lg border border-stone-300 bg-white px-3';

type TextKey = {
  [K in keyof ProductDraft]: ProductDraft[K] extends string ? (string extends ProductDraft[K] ? K : never) : never;
}[keyof ProductDraft];

/** A labelled one-line text box of the form. */
function TextField({
  label,
  value,
  onChange,
  className,
  ...input
}: { label: string; value: string; onChange: (value: string) => void; className?: string } & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'inputMode' | 'maxLength' | 'placeholder'
>) {
  return (
    <FormField label={label} className={className}>
      {(control) => <input {...control} {...input} value={value} onChange={(event) => onChange(event.target.value)} />}
    </FormField>
  );
}

/** The one dialog for adding and editing a product (spec: Product dialog). */
export function ProductDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const product = useAdminProduct(id);
  return (
    <AdminDialog title={id === null ? 'Add Product' : 'Edit Product'} onClose={onClose}>
      {id !== null && !product.data ? (
        <DialogLoading failed={product.isError} what="This product" />
      ) : (
        <ProductForm id={id} product={product.data ?? null} onDone={onClose} />
      )}
    </AdminDialog>
  );
}

function ProductForm({ id, product, onDone }: { id: number | null; product: AdminProduct | null; onDone: () => void }) {
  const toast = useToast();
  const save = useSaveProduct();
  const [draft, setDraft] = useState<ProductDraft>(() => draftOf(product));
  const [problem, setProblem] = useState<string | null>(null);
  const alert = useRef<HTMLParagraphElement>(null);
  const set = <K extends keyof ProductDraft>(key: K, value: ProductDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const bind = (key: TextKey) => ({ value: draft[key], onChange: (value: string) => set(key, value) });
  const setVariation = (key: string, change: Partial<VariationDraft>) =>
    setDraft((d) => ({ ...d, variations: d.variations.map((v) => (v.key === key ? { ...v, ...change } : v)) }));

  const refuse = (message: string) => {
    setProblem(message);
    requestAnimationFrame(() => alert.current?.focus());
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    if (draft.imageUrls.length === 0) {
      toast({ title: 'Image required', description: IMAGE_REQUIRED, variant: 'destructive' });
      return refuse(`Image required: ${IMAGE_REQUIRED}`);
    }
    const body = bodyOf(draft);
    // The spec's form rules come first in the schema, so its first message is theirs when one is broken.
    const checked = productBodySchema.safeParse(body);
    if (!checked.success) return refuse(checked.error.issues[0]?.message ?? 'Please check the fields.');
    setProblem(null);
    save.mutate(
      { id, body },
      {
        onSuccess: () => {
          toast({ title: id === null ? 'Product created' : 'Product updated' });
          onDone();
        },
        onError: (error) => {
          const message =
            (error instanceof ApiError && error.body?.message) ||
            (id === null ? 'Failed to add product. Please try again.' : 'Failed to edit product. Please try again.');
          toast({ title: 'Error', description: message, variant: 'destructive' });
          refuse(message);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4 p-4 sm:grid-cols-2">
      {problem && (
        <p
          ref={alert}
          tabIndex={-1}
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900 sm:col-span-2"
        >
          {problem}
        </p>
      )}
      <TextField label="Name" className="sm:col-span-2" maxLength={200} {...bind('name')} />
      <FormField label="Description" className="sm:col-span-2" multiline>
        {(control) => (
          <textarea
            {...control}
            rows={4}
            value={draft.description}
            maxLength={5000}
            onChange={(e) => set('description', e.target.value)}
          />
        )}
      </FormField>
      <TextField label="Price per carton (₹)" inputMode="decimal" {...bind('price')} />
      <TextField label="Original price (₹, optional)" inputMode="decimal" {...bind('originalPrice')} />
      <FormField label="Category">
        {(control) => (
          <select
            {...control}
            value={draft.category}
            onChange={(e) => set('category', e.target.value as ProductDraft['category'])}
          >
            <option value="">Choose a category</option>
            {CATEGORIES.map((category) => (
              <option key={category.value} value={category.value}>
                {category.label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <TextField label="Stock quantity (optional)" inputMode="numeric" {...bind('stockQuantity')} />

      <ImagesField urls={draft.imageUrls} onChange={(change) => setDraft((d) => ({ ...d, imageUrls: change(d.imageUrls) }))} />

      <TextField label="Units per carton" inputMode="numeric" {...bind('unitsPerCarton')} />
      <FormField label="Unit type">
        {(control) => (
          <select
            {...control}
            value={draft.unitType}
            onChange={(e) => set('unitType', e.target.value as ProductDraft['unitType'])}
          >
            {UNIT_TYPES.map((type) => (
              <option key={type}>{type}</option>
            ))}
          </select>
        )}
      </FormField>
      <TextField label="Carton weight (kg, optional)" inputMode="decimal" {...bind('cartonWeight')} />
      <TextField
        label="Carton dimensions (optional)"
        maxLength={100}
        placeholder="40 x 30 x 35 cm"
        {...bind('cartonDimensions')}
      />
      <TextField label="HSN code (for quotes)" inputMode="numeric" maxLength={8} {...bind('hsnCode')} />
      <FormField label="GST rate">
        {(control) => (
          <select {...control} value={draft.gstRate} onChange={(e) => set('gstRate', Number(e.target.value) as GstRate)}>
            <GstRateOptions current={draft.gstRate} />
          </select>
        )}
      </FormField>
      <TextField label="Rating (0 to 5)" inputMode="decimal" {...bind('rating')} />
      <TextField label="Review count" inputMode="numeric" {...bind('reviewCount')} />
      <div className="flex flex-wrap gap-6 sm:col-span-2">
        <label className="flex min-h-11 items-center gap-2 font-semibold">
          <input type="checkbox" className={CHECK} checked={draft.inStock} onChange={(e) => set('inStock', e.target.checked)} />
          In stock
        </label>
        <label className="flex min-h-11 items-center gap-2 font-semibold">
          <input type="checkbox" className={CHECK} checked={draft.featured} onChange={(e) => set('featured', e.target.checked)} />
          Featured
        </label>
        <label className="flex min-h-11 items-center gap-2 font-semibold">
          <input
            type="checkbox"
            role="switch"
            className={CHECK}
            checked={draft.hasVariations}
            onChange={(e) =>
              // Turning variations off clears the list (spec).
              setDraft((d) => ({ ...d, hasVariations: e.target.checked, variations: e.target.checked ? [newVariation()] : [] }))
            }
          />
          Has variations
        </label>
      </div>

      {draft.hasVariations && (
        <fieldset className="sm:col-span-2">
          <legend className="font-bold text-leaf-900">Variations</legend>
          <ol className="mt-2 space-y-3">
            {draft.variations.map((variation, index) => (
              <VariationRow
                key={variation.key}
                number={index + 1}
                variation={variation}
                onChange={(change) => setVariation(variation.key, change)}
                onRemove={() => setDraft((d) => ({ ...d, variations: d.variations.filter((v) => v.key !== variation.key) }))}
              />
            ))}
          </ol>
          <button
            type="button"
            className="btn-outline mt-3 min-h-11"
            onClick={() => setDraft((d) => ({ ...d, variations: [...d.variations, newVariation()] }))}
          >
            <Plus aria-hidden="true" className="size-4" /> Add Variation
          </button>
        </fieldset>
      )}

      <div className="flex justify-end gap-2 sm:col-span-2">
        <button type="submit" className="btn-primary min-h-11" aria-disabled={save.isPending}>
          {save.isPending ? 'Saving…' : id === null ? 'Add Product' : 'Save Changes'}
        </button>
      </div>
    </form>
  );
}

/** A small visible label over its control; the row number is said to screen readers only. */
function Labelled({ number, label, children }: { number: number; label: string; children: ReactNode }) {
  return (
    <label className="flex flex-col gap-1 text-xs font-semibold text-stone-700">
      <span>
        <span className="sr-only">Variation {number} </span>
        {label}
      </span>
      {children}
    </label>
  );
}

type VariationText = 'priceAdjustment' | 'stockQuantity' | 'unitsPerCarton' | 'cartonWeight' | 'cartonDimensions';
type TextFieldSpec = readonly [label: string, key: VariationText, inputMode?: 'decimal' | 'numeric'];
const STOCK_FIELDS: readonly TextFieldSpec[] = [
  ['Price adjustment (₹)', 'priceAdjustment', 'decimal'],
  ['Stock', 'stockQuantity', 'numeric'],
];
const CARTON_FIELDS: readonly TextFieldSpec[] = [
  ['Units per carton', 'unitsPerCarton', 'numeric'],
  ['Carton weight (kg)', 'cartonWeight', 'decimal'],
  ['Carton dimensions', 'cartonDimensions'],
];

/** The text boxes of a variation row named in `fields`. */
function VariationInputs({
  fields,
  number,
  variation,
  onChange,
}: {
  fields: readonly TextFieldSpec[];
  number: number;
  variation: VariationDraft;
  onChange: (change: Partial<VariationDraft>) => void;
}) {
  return fields.map(([label, key, inputMode]) => (
    <VariationInput
      key={key}
      number={number}
      label={label}
      inputMode={inputMode}
      value={variation[key]}
      onChange={(value) => onChange({ [key]: value })}
    />
  ));
}

/** A labelled text box of a variation row. */
function VariationInput({
  number,
  label,
  value,
  onChange,
  ...input
}: { number: number; label: string; value: string; onChange: (value: string) => void } & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'inputMode' | 'placeholder'
>) {
  return (
    <Labelled number={number} label={label}>
      <input {...input} className={SMALL_INPUT} value={value} onChange={(event) => onChange(event.target.value)} />
    </Labelled>
  );
}

function VariationRow({
  number,
  variation,
  onChange,
  onRemove,
}: {
  number: number;
  variation: VariationDraft;
  onChange: (change: Partial<VariationDraft>) => void;
  onRemove: () => void;
}) {
  return (
    <li className="rounded-xl border border-stone-200 p-3" data-testid="variation-row">
      <div className="grid grid-cols-2 items-end gap-2 sm:grid-cols-3">
        <VariationInput number={number} label="Name" value={variation.name} onChange={(value) => onChange({ name: value })} />
        <Labelled number={number} label="Type">
          <select
            className={SMALL_INPUT}
            value={variation.type}
            onChange={(e) => onChange({ type: e.target.value as VariationDraft['type'] })}
          >
            {VARIATION_TYPES.map((type) => (
              <option key={type}>{type}</option>
            ))}
          </select>
        </Labelled>
        <VariationInput
          number={number}
          label="Value"
          placeholder="10 inch"
          value={variation.value}
          onChange={(value) => onChange({ value: value })}
        />
        <VariationInputs fields={STOCK_FIELDS} number={number} variation={variation} onChange={onChange} />
        <span className="flex items-end justify-between gap-2">
          <label className="flex min-h-11 items-center gap-2 text-sm font-semibold">
            <input
              type="checkbox"
              className={CHECK}
              checked={variation.isActive}
              onChange={(e) => onChange({ isActive: e.target.checked })}
            />
            Active
          </label>
          <button type="button" className="btn-outline size-11 shrink-0 p-0 text-red-800" onClick={onRemove}>
            <Trash2 aria-hidden="true" className="size-4" />
            <span className="sr-only">Remove variation {number}</span>
          </button>
        </span>
      </div>
      <details className="mt-2">
        <summary className="flex min-h-11 cursor-pointer items-center text-sm font-semibold text-leaf-800">
          Carton overrides (empty: the product's own)
        </summary>
        <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
          <VariationInputs fields={CARTON_FIELDS} number={number} variation={variation} onChange={onChange} />
          <Labelled number={number} label="Unit type">
            <select
              className={SMALL_INPUT}
              value={variation.unitType}
              onChange={(e) => onChange({ unitType: e.target.value as VariationDraft['unitType'] })}
            >
              <option value="">The product's</option>
              {UNIT_TYPES.map((type) => (
                <option key={type}>{type}</option>
              ))}
            </select>
          </Labelled>
        </div>
      </details>
    </li>
  );
}
