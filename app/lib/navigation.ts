import { msg } from '#lib/i18n/translate.ts';

/** The header's and footer's links; each label is translated where it is drawn. */
export const NAV_LINKS = [
  { to: '/products', label: msg('Products') },
  { to: '/about', label: msg('About') },
  { to: '/blog', label: msg('Blog') },
  { to: '/contact', label: msg('Contact') },
] as const;

/** The mobile menu adds Home in front of the header's links. */
export const MOBILE_NAV_LINKS = [{ to: '/home', label: msg('Home') }, ...NAV_LINKS] as const;

/** For signed-in customers: in the header on wide screens, in the menu on narrow ones. */
export const MY_ENQUIRIES_LINK = { to: '/account/enquiries', label: msg('My enquiries') } as const;

/**
 * The attribute of the element that takes the focus when its page opens, instead of the page's heading: the one
 * message that says what just happened (a sent enquiry's notice).
 */
export const AUTOFOCUS = 'data-autofocus';
