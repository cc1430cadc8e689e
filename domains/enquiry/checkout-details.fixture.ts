/** A guest's contact details and delivery address as typed at checkout, right by every rule of the form. */
export const CHECKOUT_DETAILS = {
  customerName: 'Anitha Menon',
  customerEmail: 'anitha@example.in',
  customerPhone: '9847012345',
  deliveryLocation: '14/220 Temple Road, Edappally, Kochi, Kerala 682024',
};
