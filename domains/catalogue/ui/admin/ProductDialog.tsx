import { zodResolver } from '@hookform/resolvers/zod';
import { type Path, useController } from 'react-hook-form';

import { useAdminProduct, useSaveProduct } from '#app/admin/admin-api.ts';
import { AdminDialog, DialogLoading } from '#app/admin/AdminDialog.tsx';
import { ApiError } from '#app/lib/api.ts';
import { useToast } from '#app/lib/toast.tsx';
import { useSteadyForm } from '#app/lib/use-steady-form.ts';
import { type AdminProduct, type ProductBodyInput } from '#domains/catalogue/product-admin-schema.ts';
import {
  IMAGE_REQUIRED_MESSAGE,
  IMAGE_REQUIRED_TITLE,
  productFormPath,
  productFormSchema,
  type ProductFormValues,
  productFormValues,
} from '#domains/catalogue/product-form-schema.ts';
import { DEFAULT_GST_RATE } from '#domains/tax/line-schema.ts';

import { ImagesField } from './ImagesField.tsx';
import { CartonFields, ProductFields } from './ProductFields.tsx';
import { VariationsField } from './VariationsField.tsx';

/** The one dialog for adding and editing a product; `onSaved` gets the product as saved. */
export function ProductDialog({
  id,
  onClose,
  onSaved,
}: {
  id: number | null;
  onClose: () => void;
  onSaved: (product: AdminProduct) => void;
}) {
  const product = useAdminProduct(id);
  return (
    <AdminDialog title={id === null ? 'Add Product' : 'Edit Product'} onClose={onClose}>
      {id !== null && !product.data ? (
        <DialogLoading failed={product.isError} what="This product" />
      ) : (
        <ProductForm id={id} product={product.data ?? null} onSaved={onSaved} />
      )}
    </AdminDialog>
  );
}

/**
 * The form, built as every form of the shop is (react-hook-form with the shared schema, see docs/conventions.md#one-form-behaviour):
 * each message under its field and the focus on the first refused one; what the server refuses goes to its field the
 * same way, or above the button when no field is meant.
 */
function ProductForm({
  id,
  product,
  onSaved,
}: {
  id: number | null;
  product: AdminProduct | null;
  onSaved: (product: AdminProduct) => void;
}) {
  const toast = useToast();
  const save = useSaveProduct();
  const {
    register,
    control,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useSteadyForm<ProductFormValues, unknown, ProductBodyInput>({
    resolver: zodResolver(productFormSchema),
    defaultValues: productFormValues(product),
  });
  const images = useController({ control, name: 'imageUrls' });

  const refused = (error: unknown) => {
    const message =
      (error instanceof ApiError && error.body?.message) ||
      (id === null ? 'Failed to add product. Please try again.' : 'Failed to edit product. Please try again.');
    toast({ title: 'Error', description: message, variant: 'destructive' });
    const fields =
      error instanceof ApiError && error.status < 500
        ? Object.entries(error.body?.errors ?? {})
            .map(([key, text]) => [productFormPath(key.split('.'), getValues()), text] as const)
            .filter(([path]) => path !== 'root')
        : [];
    fields.forEach(([path, text], index) =>
      setError(path as Path<ProductFormValues>, { type: 'server', message: text }, { shouldFocus: index === 0 }),
    );
    if (fields.length === 0) setError('root.server', { type: 'server', message });
  };

  const submit = handleSubmit(
    async (body) => {
      try {
        const saved = await save.mutateAsync({ id, body });
        toast({ title: id === null ? 'Product created' : 'Product updated' });
        onSaved(saved);
      } catch (error) {
        refused(error);
      }
    },
    (problems) => {
      if (problems.imageUrls) toast({ title: IMAGE_REQUIRED_TITLE, description: IMAGE_REQUIRED_MESSAGE, variant: 'destructive' });
    },
  );

  const problem = errors.root?.server?.message ?? errors.root?.message;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4 p-4 sm:grid-cols-2">
      <ProductFields register={register} errors={errors} />
      <ImagesField
        urls={images.field.value}
        onChange={(change) => images.field.onChange(change(getValues('imageUrls')))}
        error={errors.imageUrls?.message}
        inputRef={images.field.ref}
      />
      <CartonFields register={register} errors={errors} savedGstRate={product?.gstRate ?? DEFAULT_GST_RATE} />
      <VariationsField control={control} register={register} errors={errors} />
      {problem && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900 sm:col-span-2">
          {problem}
        </p>
      )}
      <div className="flex justify-end gap-2 sm:col-span-2">
        <button type="submit" className="btn-primary min-h-11" aria-disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : id === null ? 'Add Product' : 'Save Changes'}
        </button>
      </div>
    </form>
  );
}
