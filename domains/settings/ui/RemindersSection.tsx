import { get } from 'react-hook-form';

import { FormField } from '#app/ui/FormField.tsx';
import { type RemindersSettings, remindersSettingsSchema, stepWords } from '#domains/settings/schema.ts';

import { CheckField, SectionFrame, TextField, useSectionForm } from './section-form.tsx';
import type { SettingsSectionProps } from './section-props.ts';

/** The reminders as the form holds them: the days as typed ('-3, 0, 7, 15'), the numbers as typed. */
interface RemindersForm {
  enabled: boolean;
  offsets: string;
  everyMinutes: string;
  quoteDaysBefore: string;
}

const formOf = (reminders: RemindersSettings): RemindersForm => ({
  enabled: reminders.enabled,
  offsets: reminders.offsets.join(', '),
  everyMinutes: String(reminders.everyMinutes),
  quoteDaysBefore: String(reminders.quoteDaysBefore),
});

/** A whole number as typed, or the text itself for the schema to refuse with its message. */
const numberOf = (typed: string): number | string => (/^[+-]?\d+$/.test(typed.trim()) ? Number(typed.trim()) : typed);

/**
 * Reminders: on or off, the days from an invoice's due date its reminders go out (negative: before it), how often the
 * server looks for what is due, and how many days before a waiting quote's last day its reminder goes out.
 */
export function RemindersSection({ answer }: SettingsSectionProps) {
  const { register, errors, watch, field, frame } = useSectionForm({
    section: 'reminders',
    schema: remindersSettingsSchema,
    answer,
    toBody: (form) => ({
      enabled: form.enabled,
      offsets: form.offsets
        .split(/[\s,]+/)
        .filter((typed) => typed !== '')
        .map(numberOf),
      everyMinutes: numberOf(form.everyMinutes),
      quoteDaysBefore: numberOf(form.quoteDaysBefore),
    }),
    toForm: formOf,
    title: 'Reminders',
  });
  // The list's message, or the first of its days' ('offsets.1').
  const offsetsError = [get(errors, 'offsets'), ...((get(errors, 'offsets') as unknown[] | undefined) ?? [])]
    .map((error) => (error as { message?: string } | undefined)?.message)
    .find(Boolean);
  const days = watch('offsets')
    .split(/[\s,]+/)
    .filter((typed) => /^[+-]?\d+$/.test(typed))
    .map(Number)
    .sort((a, b) => a - b);
  return (
    <SectionFrame {...frame} label="Save reminders">
      <CheckField
        {...field}
        name="enabled"
        label="E-mail payment and quote reminders"
        hint="Off: nothing is e-mailed; quotes still expire, and the today list still offers WhatsApp reminders"
      />
      <FormField
        label="Reminder days"
        hint="Days from the invoice’s due date, separated by commas: -3 is 3 days before, 0 on the day, 7 a week after"
        error={offsetsError}
      >
        {(control) => <input {...control} {...register('offsets')} inputMode="text" autoComplete="off" />}
      </FormField>
      {days.length > 0 && (
        <p className="text-sm text-stone-700">Each unpaid invoice is reminded {days.map(stepWords).join(', ')}.</p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...field} name="quoteDaysBefore" label="Quote reminder, days before its last day" inputMode="numeric" />
        <TextField {...field} name="everyMinutes" label="Look for reminders due every (minutes)" inputMode="numeric" />
      </div>
    </SectionFrame>
  );
}
