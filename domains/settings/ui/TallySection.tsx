import { TALLY_RATE, type TallyDetail, tallySettingsSchema } from '#domains/settings/schema.ts';

import { SectionFrame, TextField, useSectionForm } from './section-form.tsx';
import type { SettingsSectionProps } from './section-props.ts';

const DETAIL_WORDS: Record<TallyDetail, { label: string; hint: string }> = {
  none: {
    label: 'Not in the vouchers',
    hint: 'Accounting vouchers, one sales line a rate: the ledgers in Tally hold the HSN',
  },
  ledger: {
    label: 'On the sales ledger lines',
    hint: 'Accounting vouchers, a sales line a rate and HSN, each naming its HSN (Tally’s ledger lines hold no quantity)',
  },
  inventory: {
    label: 'In inventory entries',
    hint: 'Item invoices: each line a stock item with its HSN, quantity, unit, rate and amount, allocated to its sales ledger',
  },
};

/**
 * Tally: the names of the ledgers the month's vouchers post to, as the accountant's Tally company has them, and where
 * the lines' HSN and quantity go. The Reports page's Tally download reads them.
 */
export function TallySection({ answer }: SettingsSectionProps) {
  const { register, field, frame } = useSectionForm({
    section: 'tally',
    schema: tallySettingsSchema,
    answer,
    title: 'Tally',
  });
  return (
    <SectionFrame {...frame} label="Save Tally">
      <p className="text-sm text-stone-700">
        The ledgers must exist in the Tally company, named as here, before the month’s vouchers are imported. Each customer’s
        ledger is their name as the invoice has it.
      </p>
      <TextField
        {...field}
        name="sales"
        label="Sales ledger of each rate"
        hint={`${TALLY_RATE} stands for the rate: Sales @ ${TALLY_RATE}% is Sales @ 5% at 5 per cent`}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...field} name="delivery" label="Delivery charges ledger" />
        <TextField {...field} name="roundOff" label="Round-off ledger" />
        <TextField {...field} name="cgst" label="CGST ledger" />
        <TextField {...field} name="sgst" label="SGST ledger" />
        <TextField {...field} name="igst" label="IGST ledger" />
        <TextField {...field} name="unit" label="Unit of a carton" hint="The stock items’ unit in inventory entries" />
        <TextField {...field} name="cash" label="Payments in cash go to" />
        <TextField {...field} name="bank" label="Other payments go to" hint="UPI, bank transfer, cheque" />
      </div>
      <fieldset>
        <legend className="mb-1.5 text-sm font-semibold text-stone-900">The lines’ HSN and quantity</legend>
        {(Object.keys(DETAIL_WORDS) as TallyDetail[]).map((detail) => (
          <label key={detail} className="flex min-h-11 items-start gap-3 py-1 text-sm">
            <input type="radio" value={detail} {...register('detail')} className="mt-0.5 size-5 shrink-0 accent-leaf-700" />
            <span>
              <span className="block font-semibold text-stone-900">{DETAIL_WORDS[detail].label}</span>
              <span className="block text-stone-600">{DETAIL_WORDS[detail].hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </SectionFrame>
  );
}
