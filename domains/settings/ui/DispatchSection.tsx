import { dispatchSettingsSchema } from '#domains/settings/schema.ts';

import { AddressFields } from './AddressFields.tsx';
import { SectionFrame, useSectionForm } from './section-form.tsx';
import type { SettingsSectionProps } from './section-props.ts';

/** Dispatch from: where the goods leave from (e-way bills need it), which may differ from the registered address. */
export function DispatchSection({ answer }: SettingsSectionProps) {
  const { register, errors, frame } = useSectionForm({
    section: 'dispatch',
    schema: dispatchSettingsSchema,
    answer,
    title: 'Dispatch address',
  });
  return (
    <SectionFrame {...frame} label="Save dispatch address">
      <p className="text-sm text-stone-700">The address goods leave from, printed on e-way bills.</p>
      <AddressFields name="address" register={register} errors={errors} />
    </SectionFrame>
  );
}
