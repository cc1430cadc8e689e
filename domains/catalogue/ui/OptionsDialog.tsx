import { useState } from 'react';

import { useT } from '#app/lib/language.ts';
import { useToast } from '#app/lib/toast.tsx';
import { CloseButton } from '#app/ui/CloseButton.tsx';
import { ModalDialog } from '#app/ui/ModalDialog.tsx';
import { cartonRule, correctedQuantity } from '#domains/catalogue/carton-rules.ts';
import type { Product } from '#domains/catalogue/model.ts';
import { useVariations } from '#domains/catalogue/ui/use-variations.ts';
import { isComplete, type Selection, selectionOf } from '#domains/catalogue/ui/variation-choice.ts';
import { type Choice, chosenOptions, lineCeiling } from '#domains/catalogue/variations.ts';
import { priceAt, pricedList } from '#domains/pricing/model.ts';
import { usePriceGroup } from '#domains/pricing/ui/price-group.tsx';
import { msg } from '#lib/i18n/translate.ts';
import { formatRupees } from '#lib/money.ts';

import { QuantityInput } from './QuantityInput.tsx';
import { VariationSelector } from './VariationSelector.tsx';

export type OptionsMode = 'cart' | 'enquiry' | 'edit';
/** What the dialog needs of the product: its name, and what prices and rules a line of it. */
export type DialogProduct = Pick<Product, 'id' | 'name' | 'price' | 'minCartons' | 'cartonStep' | 'priceBreaks'>;

const CONFIRM: Record<OptionsMode, { idle: string; busy: string; missing: string }> = {
  cart: {
    idle: msg('Add to Cart'),
    busy: msg('Adding...'),
    missing: msg('Please select all product options before adding to cart.'),
  },
  enquiry: {
    idle: msg('Submit Enquiry'),
    busy: msg('Submitting...'),
    missing: msg('Please select all product options before submitting enquiry.'),
  },
  edit: { idle: msg('Save'), busy: msg('Saving...'), missing: msg('Please select all product options before saving.') },
};

interface OptionsDialogProps {
  product: DialogProduct;
  mode: OptionsMode;
  initialChoice?: Choice;
  initialQuantity?: number;
  /** The chosen options (every type) and the quantity. */
  onConfirm: (selection: Selection & { quantity: number }) => Promise<void>;
  onClose: () => void;
}

/** The options dialog: choose one option per variation type, then the quantity. */
export default function OptionsDialog({
  product,
  mode,
  initialChoice = {},
  initialQuantity = 1,
  onConfirm,
  onClose,
}: OptionsDialogProps) {
  const toast = useToast();
  const { data: variations, isPending, isError } = useVariations(product.id, true);
  const [choice, setChoice] = useState<Choice>(initialChoice);
  const [quantity, setQuantity] = useState(initialQuantity);
  const [busy, setBusy] = useState(false);
  const labels = CONFIRM[mode];
  const t = useT();

  const list = variations ?? [];
  const complete =
    list.length > 0 &&
    isComplete(
      list.filter((v) => v.isActive),
      choice,
    );
  const max = lineCeiling(complete ? chosenOptions(list, choice) : []);
  const selection = complete ? selectionOf(list, choice) : null;
  const priced = selection?.variation ?? null;
  const rule = cartonRule(product, priced);
  // The quantity stays when another option is chosen, held within its stock and its minimum order.
  const held = correctedQuantity(rule, Math.min(quantity, max), max).quantity;
  const terms = usePriceGroup();

  const confirm = async () => {
    if (!selection || !priced) {
      toast({
        title: t('Please select all options'),
        description: t(labels.missing),
        variant: 'destructive',
      });
      return;
    }
    setBusy(true);
    try {
      await onConfirm({ ...selection, quantity: held });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog
      labelledBy="options-title"
      onClose={onClose}
      className="m-auto max-h-[90vh] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-2xl"
    >
      <div className="flex items-start justify-between gap-4 border-b border-stone-200 px-5 py-4">
        <div>
          <h2 id="options-title" className="text-lg font-bold text-leaf-900">
            {t('Choose options')}
          </h2>
          <p className="text-sm text-stone-600">{product.name}</p>
        </div>
        <CloseButton onClick={onClose} />
      </div>
      <div className="space-y-5 px-5 py-4">
        {isPending ? (
          <p role="status" className="text-stone-600">
            {t('Loading options...')}
          </p>
        ) : isError ? (
          <p role="alert" className="text-red-800">
            {t('The options could not be loaded. Please try again.')}
          </p>
        ) : (
          <>
            <VariationSelector
              variations={list}
              choice={choice}
              // The quantity stays (a caterer's 6 cartons are 6 in another size too), held within the new option's stock.
              onChoose={(type, id) => setChoice((current) => ({ ...current, [type]: id }))}
            />
            {complete && priced && (
              <>
                <p className="font-semibold text-leaf-800">
                  {t('{price} per carton', { price: formatRupees(priceAt(pricedList(product, priced, terms).list, held).price) })}
                </p>
                <QuantityInput value={held} max={max} rule={rule} onChange={setQuantity} />
              </>
            )}
          </>
        )}
      </div>
      <div className="flex justify-end gap-3 border-t border-stone-200 px-5 py-4">
        <button type="button" className="btn-outline" onClick={onClose}>
          {t('Cancel')}
        </button>
        <button
          type="button"
          className="btn-primary"
          aria-disabled={busy || isPending || undefined}
          onClick={() => {
            if (!busy && !isPending) void confirm();
          }}
        >
          {busy ? t(labels.busy) : t(labels.idle)}
        </button>
      </div>
    </ModalDialog>
  );
}
