import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useState } from 'react';
import { type FieldErrors, type FieldValues, get, type Path, type Resolver, type UseFormRegister } from 'react-hook-form';
import { z } from 'zod';

import { shortTime } from '#app/admin/format.ts';
import { useRefusableForm } from '#app/lib/use-refusable-form.ts';
import { FormField } from '#app/ui/FormField.tsx';
import { SubmitRow } from '#app/ui/SubmitRow.tsx';
import type { SettingsAnswer, ShopSettings } from '#domains/settings/schema.ts';

import { useSaveSettings } from './settings-api.ts';

/** Every path of a form's values, nested ones too ('address', 'address.postalCode', 'week.1.closes'). */
export function fieldPaths(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return [path, ...fieldPaths(inner, path)];
  });
}

interface SectionFormOptions<Section extends keyof ShopSettings, TForm extends FieldValues> {
  /** The section's name in PUT /api/admin/settings/{section}. */
  section: Section;
  /** The settings the page read: the form starts from its section's. */
  answer: SettingsAnswer;
  /** The section's shared schema (domains/settings/schema.ts): the form is checked by the rules the server applies. */
  schema: z.ZodType<ShopSettings[Section]>;
  /**
   * The section as the form holds it, when it holds it otherwise (rupees typed for paise, a closed day): the one read,
   * and the one saved (the server's answer after a save). Without it the form holds the section as it is.
   */
  toForm?: (settings: ShopSettings[Section]) => TForm;
  /** The form's values as the section's body, when the form holds them otherwise. */
  toBody?: (form: TForm) => unknown;
  /** 'Business details' in 'Business details saved at 10:42'. */
  title: string;
}

/**
 * One section's form: checked by the section's schema as it is typed, saved whole with PUT (nothing half-saved), the
 * server's refusals under their fields (the first focused), and 'Saved at …' told to screen readers. After a save the
 * form holds what the server kept.
 */
export function useSectionForm<Section extends keyof ShopSettings, TForm extends FieldValues = ShopSettings[Section]>({
  section,
  answer,
  schema,
  toForm = (settings) => settings as unknown as TForm,
  toBody,
  title,
}: SectionFormOptions<Section, TForm>) {
  type TBody = ShopSettings[Section];
  const values = toForm(answer.settings[section]);
  const save = useSaveSettings();
  const [saved, setSaved] = useState('');
  const checked = toBody ? z.preprocess((form) => toBody(form as TForm), schema) : schema;
  // The resolver's input is the form's values: toBody turns them into what the schema reads.
  const resolver = zodResolver(checked as z.ZodType<TBody, TForm>) as unknown as Resolver<TForm, unknown, TBody>;
  const form = useRefusableForm<TForm, TBody>(
    resolver,
    values as never,
    `${title} could not be saved. Please try again.`,
    new Set(fieldPaths(values)),
  );
  const submit = form.handleSubmit(async (body) => {
    setSaved('');
    await form.attempt(async () => {
      const kept = await save.mutateAsync({ section, body });
      form.reset(toForm(kept.settings[section]));
      setSaved(`${title} saved at ${shortTime(Date.now())}.`);
    });
  });
  return {
    ...form,
    /** What SectionFrame takes of the form: how to send it, why it was refused, when it was saved. */
    frame: { submit, saved, alert: form.alert, sending: form.isSubmitting },
    /** What each TextField takes of the form. */
    field: { register: form.register, errors: form.errors },
  };
}

/**
 * A section's form on the page: its fields, then why the server refused it above the Save button, and a status line
 * that says when it was saved.
 */
export function SectionFrame({
  submit,
  saved,
  alert,
  sending,
  label,
  children,
}: {
  submit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  saved: string;
  alert: string | null;
  sending: boolean;
  label: string;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      {children}
      <SubmitRow alert={alert} sending={sending} label={label} sendingLabel="Saving..." />
      <p role="status" className="text-sm font-medium text-leaf-800">
        {saved}
      </p>
    </form>
  );
}

/** A text field of a section's form, its message (the form's check or the server's) under it. */
export function TextField<TForm extends FieldValues>({
  name,
  label,
  hint,
  register,
  errors,
  type = 'text',
  inputMode,
  autoComplete = 'off',
  className,
}: {
  name: Path<TForm>;
  label: string;
  hint?: string;
  register: UseFormRegister<TForm>;
  errors: FieldErrors<TForm>;
  type?: 'text' | 'email' | 'tel' | 'date' | 'number';
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email' | 'tel';
  autoComplete?: string;
  className?: string;
}) {
  const error = (get(errors, name) as { message?: string } | undefined)?.message;
  return (
    <FormField label={label} hint={hint} error={error} className={className}>
      {(control) => <input {...control} {...register(name)} type={type} inputMode={inputMode} autoComplete={autoComplete} />}
    </FormField>
  );
}

/** A yes/no of a section's form: its box inside its label, one 44 px target. */
export function CheckField<TForm extends FieldValues>({
  name,
  label,
  hint,
  register,
}: {
  name: Path<TForm>;
  label: string;
  hint?: string;
  register: UseFormRegister<TForm>;
}) {
  return (
    <label className="flex min-h-11 items-start gap-3 text-sm">
      <input type="checkbox" {...register(name)} className="mt-1 size-5 shrink-0 accent-leaf-700" />
      <span>
        <span className="block font-semibold text-stone-900">{label}</span>
        {hint && <span className="block text-stone-600">{hint}</span>}
      </span>
    </label>
  );
}
