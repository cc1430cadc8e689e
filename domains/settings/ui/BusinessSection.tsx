import { type BusinessSettings, businessSettingsSchema } from '#domains/settings/schema.ts';

import { AddressFields } from './AddressFields.tsx';
import { RowsField } from './RowsField.tsx';
import { SectionFrame, TextField, useSectionForm } from './section-form.tsx';
import type { SettingsSectionProps } from './section-props.ts';

/** The most footer links the settings keep (the schema's limit). */
const MOST_SOCIAL_LINKS = 8;

/** The business section as the form holds it: the map position as typed, both blank for none. */
type BusinessForm = Omit<BusinessSettings, 'coordinates'> & { coordinates: { latitude: string; longitude: string } };

const toForm = (business: BusinessSettings): BusinessForm => ({
  ...business,
  coordinates: {
    latitude: business.coordinates?.latitude.toString() ?? '',
    longitude: business.coordinates?.longitude.toString() ?? '',
  },
});
// One of the two left blank is not a number: its own message says so, rather than a position at 0.
const typedNumber = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed.trim()));
const toBody = ({ coordinates, ...business }: BusinessForm) => ({
  ...business,
  coordinates:
    coordinates.latitude.trim() === '' && coordinates.longitude.trim() === ''
      ? null
      : { latitude: typedNumber(coordinates.latitude), longitude: typedNumber(coordinates.longitude) },
});

/** Business: the names, GSTIN, registered address and ways to reach the shop. Saving it ends the demo. */
export function BusinessSection({ answer }: SettingsSectionProps) {
  const { control, field, frame } = useSectionForm({
    section: 'business',
    schema: businessSettingsSchema,
    answer,
    toBody,
    toForm,
    title: 'Business details',
  });
  return (
    <SectionFrame {...frame} label="Save business details">
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
      <RowsField
        control={control}
        name="social"
        blank={{ name: '', url: '' }}
        most={MOST_SOCIAL_LINKS}
        legend="Social links"
        hint="The shop’s pages on Instagram, Facebook or YouTube, linked from every page’s footer."
        none="No social links."
        rowName="social link"
        renderRow={(index) => (
          <>
            <TextField {...field} name={`social.${index}.name`} label={`Network ${index + 1}`} />
            <TextField {...field} name={`social.${index}.url`} label={`Link ${index + 1}`} type="text" inputMode="text" />
          </>
        )}
        addLabel="Add a social link"
      />
      <fieldset className="space-y-3">
        <legend className="mb-1 font-semibold text-stone-900">Map position (optional)</legend>
        <p className="text-sm text-stone-700">
          For maps and search engines: the latitude and longitude as a map app shows them (10.1076, 76.3516). Both blank for none.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField {...field} name="coordinates.latitude" label="Latitude" inputMode="decimal" />
          <TextField {...field} name="coordinates.longitude" label="Longitude" inputMode="decimal" />
        </div>
      </fieldset>
    </SectionFrame>
  );
}
