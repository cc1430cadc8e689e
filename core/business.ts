/**
 * The shop's business details, in one place.
 *
 * DEMO VALUES: every name, address, phone number, email address, GSTIN, coordinate and social link
 * below is a placeholder for the demo. Replace them all with the shop's real details before
 * going live. The phone number is fictitious, and the email and social URLs use reserved
 * `.example` domains, so none of them reach a real person or page.
 */
export const business = {
  name: 'Green Leaf Eco Tableware',
  legalName: 'Green Leaf Eco Tableware Private Limited',
  tagline: 'Areca leaf, bagasse and kraft tableware from Aluva, Kerala',
  street: 'Building No. 14/220, Market Road, near Aluva Railway Station',
  locality: 'Aluva',
  /** District. */
  city: 'Ernakulam',
  state: 'Kerala',
  postalCode: '683101',
  country: 'India',
  phone: '+91 98470 12345',
  phoneHref: 'tel:+919847012345',
  /** Country code and number, digits only, as wa.me expects. */
  whatsappNumber: '919847012345',
  email: 'hello@greenleaf-eco.example',
  coordinates: { latitude: 10.1004, longitude: 76.357 },
  hours: {
    text: 'Monday to Saturday 9:00 AM to 6:00 PM IST',
    closed: 'Sunday closed',
    /** schema.org openingHours format. */
    schema: 'Mo-Sa 09:00-18:00',
  },
  priceRange: '₹₹',
  /** GST registration: a made-up number of the right shape (Kerala's code 32, a valid check character). */
  gstin: '32AAACG1234A1ZN',
  social: [
    { name: 'Facebook', url: 'https://www.facebook.com/greenleaf.example' },
    { name: 'Instagram', url: 'https://www.instagram.com/greenleaf.example' },
    { name: 'YouTube', url: 'https://www.youtube.com/@greenleaf.example' },
    { name: 'LinkedIn', url: 'https://www.linkedin.com/company/greenleaf.example' },
  ],
  chat: { whatsapp: 'https://wa.me/919847012345' },
} as const;

/** A WhatsApp chat with the shop with `text` already typed. */
export const shopWhatsappHref = (text: string): string =>
  `https://wa.me/${business.whatsappNumber}?text=${encodeURIComponent(text)}`;
