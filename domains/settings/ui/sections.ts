import type { ComponentType } from 'react';

import { BusinessSection } from './BusinessSection.tsx';
import { DispatchSection } from './DispatchSection.tsx';
import { DocumentsSection } from './DocumentsSection.tsx';
import { HoursSection } from './HoursSection.tsx';
import { PaymentsSection } from './PaymentsSection.tsx';
import { RemindersSection } from './RemindersSection.tsx';
import type { SettingsSectionProps } from './section-props.ts';
import { SigningCertificateField } from './SigningCertificateField.tsx';
import { TallySection } from './TallySection.tsx';
import { TaxSection } from './TaxSection.tsx';

export interface SettingsSectionView {
  /** Its anchor on /admin/settings (#business): the dashboard's set-up steps link to it. */
  id: string;
  title: string;
  /** What it holds, in one line under its title while it is closed. */
  summary: string;
  Component: ComponentType<SettingsSectionProps>;
}

/**
 * The Settings screen's sections, in the order shown. A new section is a component in this folder and a line here
 * (its data: a section of domains/settings/schema.ts, saved with PUT /api/admin/settings/{section}).
 */
export const SETTINGS_SECTION_VIEWS: readonly SettingsSectionView[] = [
  {
    id: 'business',
    title: 'Business',
    summary: 'Names, GSTIN, registered address, phone and e-mail',
    Component: BusinessSection,
  },
  { id: 'dispatch', title: 'Dispatch from', summary: 'The address goods leave from', Component: DispatchSection },
  { id: 'hours', title: 'Hours and holidays', summary: 'Working hours each weekday, and holidays', Component: HoursSection },
  {
    id: 'documents',
    title: 'Documents',
    summary: 'Logo, signature, series, quote validity, payment terms, delivery',
    Component: DocumentsSection,
  },
  { id: 'payments', title: 'Payments', summary: 'UPI ID and bank account', Component: PaymentsSection },
  { id: 'tax', title: 'Tax', summary: 'GST rates, e-invoicing, HSN digits', Component: TaxSection },
  {
    id: 'reminders',
    title: 'Reminders',
    summary: 'Payment reminders’ days from the due date, quote reminders, how often',
    Component: RemindersSection,
  },
  {
    id: 'tally',
    title: 'Tally',
    summary: 'The ledgers the accountant’s vouchers post to, and where the HSN and quantity go',
    Component: TallySection,
  },
  {
    id: 'signing',
    title: 'Digital signature',
    summary: 'The certificate that signs invoices and credit notes',
    Component: SigningCertificateField,
  },
];
