/**
 * The demo shop a fresh install starts with (server/seed-settings.ts stores it as the settings' first
 * version); everything else reads the settings in force.
 *
 * DEMO VALUES: every name, address, phone number, email address, GSTIN, coordinate and social link below is a
 * placeholder. The phone number is fictitious, and the email and social URLs use reserved `.example` domains, so none
 * of them reach a real person or page.
 */
export const demoShop = {
  name: 'Green Leaf Eco Tableware',
  legalName: 'Green Leaf Eco Tableware Private Limited',
  address: {
    street: 'Building No. 14/220, Market Road, near Aluva Railway Station',
    locality: 'Aluva',
    /** District. */
    city: 'Ernakulam',
    state: 'Kerala',
    postalCode: '683101',
  },
  /** Ten digits, as the settings keep them. */
  phone: '9847012345',
  whatsapp: '9847012345',
  email: 'hello@greenleaf-eco.example',
  coordinates: { latitude: 10.1004, longitude: 76.357 },
  /** Monday to Saturday 9:00 to 18:00 IST, Sunday closed (Sunday first, as Date's getUTCDay counts). */
  week: [null, ...Array.from({ length: 6 }, () => ({ opens: 9, closes: 18 }))],
  /** GST registration: a made-up number of the right shape (Kerala's code 32, a valid check character). */
  gstin: '32AAACG1234A1ZN',
  social: [
    { name: 'Facebook', url: 'https://www.facebook.com/greenleaf.example' },
    { name: 'Instagram', url: 'https://www.instagram.com/greenleaf.example' },
    { name: 'YouTube', url: 'https://www.youtube.com/@greenleaf.example' },
    { name: 'LinkedIn', url: 'https://www.linkedin.com/company/greenleaf.example' },
  ],
};
