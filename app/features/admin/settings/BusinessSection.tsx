import { type BusinessSettings, businessSettingsSchema } from '../../../../core/schemas/settings';
import { AddressFields } from './AddressFields';
import { SectionFrame, TextField, useSectionForm } from './section-form';
import type { SettingsSectionProps } from './section-props';

/** Business: the names, GSTIN, registered address and ways to reach the shop. Saving it ends the demo. */
export function BusinessSection({ answer }: SettingsSectionProps) {
  const { register, errors, submit, saved, alert, isSubmitting } = useSectionForm<BusinessSettings, BusinessSettings>({
    section: 'business',
    schema: businessSettingsSchema,
    values: answer.settings.business,
    toForm: (saved) => saved.settings.business,
    title: 'Business details',
  });
  const field = { register, errors };
  return (
    <SectionFrame submit={submit} saved={saved} alert={alert} sending={isSubmitting} label="Save business details">
      <TextField {...field} name="tradingName" label="Trading name" hint="The name customers know the shop by" />
      <TextField {...field} name="legalName" label="Legal name" hint="As registered for GST: printed on invoices" />
      <TextField {...field} name="gstin" label="GSTIN" hint="15 characters; its first two digits are the state’s code" />
      <fieldset className="space-y-4">
        <legend className="mb-2 font-semibold text-stone-900">Registered address</legend>
        <AddressFields name="address" {...field} />
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...field} name="phone" label="Phone" hint="10 digits" type="tel" inputMode="tel" />
        <TextField {...field} name="whatsapp" label="WhatsApp number" hint="10 digits" type="tel" inputMode="tel" />
      </div>
      <TextField {...field} name="email" label="E-mail" type="email" inputMode="email" />
    </SectionFrame>
  );
}
