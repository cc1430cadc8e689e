import type { InputHTMLAttributes } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';

import { GstRateOptions } from '#app/admin/GstRateOptions.tsx';
import { FormField } from '#app/ui/FormField.tsx';
import { CATEGORIES, UNIT_TYPES } from '#domains/catalogue/categories.ts';
import type { ProductFormValues } from '#domains/catalogue/product-form-schema.ts';
import type { GstRate } from '#domains/tax/gst.ts';

export const CHECK = 'size-5 accent-leaf-700';

type TextName = {
  [K in keyof ProductFormValues]: ProductFormValues[K] extends string ? K : never;
}[keyof ProductFormValues];

interface FieldsProps {
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
}

/** A labelled one-line text box of the form, its message under it. */
function TextField({
  name,
  label,
  hint,
  register,
  errors,
  className,
  ...input
}: FieldsProps & { name: TextName; label: string; hint?: string; className?: string } & Pick<
    InputHTMLAttributes<HTMLInputElement>,
    'inputMode' | 'maxLength' | 'placeholder' | 'lang'
  >) {
  return (
    <FormField label={label} hint={hint} className={className} error={errors[name]?.message}>
      {(control) => <input {...control} {...input} {...register(name)} type="text" />}
    </FormField>
  );
}

/** The product's own fields before its images: what it is and what it costs. */
export function ProductFields(props: FieldsProps) {
  const { register, errors } = props;
  return (
    <>
      <TextField {...props} name="name" label="Name" className="sm:col-span-2" maxLength={200} />
      <FormField label="Description" className="sm:col-span-2" error={errors.description?.message} multiline>
        {(control) => <textarea {...control} {...register('description')} rows={4} maxLength={5000} />}
      </FormField>
      {/* Labelled without the words 'name' and 'description', so that those two labels each still name one box. */}
      <TextField
        {...props}
        name="nameMl"
        label="Malayalam title (optional)"
        hint="Shown on the Malayalam pages; left empty, they show the English name."
        className="sm:col-span-2"
        maxLength={200}
        lang="ml"
      />
      <FormField label="Malayalam text (optional)" className="sm:col-span-2" error={errors.descriptionMl?.message} multiline>
        {(control) => <textarea {...control} {...register('descriptionMl')} rows={3} maxLength={5000} lang="ml" />}
      </FormField>
      <TextField {...props} name="price" label="Price per carton (₹)" inputMode="decimal" />
      <TextField {...props} name="originalPrice" label="Original price (₹, optional)" inputMode="decimal" />
      <FormField label="Category" error={errors.category?.message}>
        {(control) => (
          <select {...control} {...register('category')}>
            <option value="">Choose a category</option>
            {CATEGORIES.map((category) => (
              <option key={category.value} value={category.value}>
                {category.label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <TextField {...props} name="stockQuantity" label="Stock quantity (optional)" inputMode="numeric" />
      <TextField {...props} name="minCartons" label="Minimum order (cartons)" inputMode="numeric" />
      <TextField {...props} name="cartonStep" label="Sold in steps of (cartons)" inputMode="numeric" />
      <TextField
        {...props}
        name="priceBreaks"
        label="Quantity breaks (cartons = ₹ a carton, optional)"
        className="sm:col-span-2"
        placeholder="10 = 900, 50 = 850"
      />
    </>
  );
}

/**
 * The carton, tax and review fields after the images, and the two flags. `savedGstRate` is the product's rate as
 * saved: shown even when the shop no longer offers it.
 */
export function CartonFields({ savedGstRate, ...props }: FieldsProps & { savedGstRate: GstRate }) {
  const { register, errors } = props;
  return (
    <>
      <TextField {...props} name="unitsPerCarton" label="Units per carton" inputMode="numeric" />
      <FormField label="Unit type" error={errors.unitType?.message}>
        {(control) => (
          <select {...control} {...register('unitType')}>
            {UNIT_TYPES.map((type) => (
              <option key={type}>{type}</option>
            ))}
          </select>
        )}
      </FormField>
      <TextField {...props} name="cartonWeight" label="Carton weight (kg, optional)" inputMode="decimal" />
      <TextField
        {...props}
        name="cartonDimensions"
        label="Carton dimensions (optional)"
        maxLength={100}
        placeholder="40 x 30 x 35 cm"
      />
      <TextField {...props} name="hsnCode" label="HSN code (for quotes)" inputMode="numeric" maxLength={8} />
      <FormField label="GST rate" error={errors.gstRate?.message}>
        {(control) => (
          <select {...control} {...register('gstRate')}>
            <GstRateOptions current={savedGstRate} />
          </select>
        )}
      </FormField>
      <TextField {...props} name="rating" label="Rating (0 to 5)" inputMode="decimal" />
      <TextField {...props} name="reviewCount" label="Review count" inputMode="numeric" />
      <div className="flex flex-wrap gap-6 sm:col-span-2">
        <label className="flex min-h-11 items-center gap-2 font-semibold">
          <input type="checkbox" className={CHECK} {...register('inStock')} />
          In stock
        </label>
        <label className="flex min-h-11 items-center gap-2 font-semibold">
          <input type="checkbox" className={CHECK} {...register('featured')} />
          Featured
        </label>
      </div>
    </>
  );
}
