/** React Router's links, each kept in the page's language (app/lib/language.ts): the storefront's pages use these. */
import type { ComponentProps } from 'react';
import { Link as RouterLink, NavLink as RouterNavLink } from 'react-router';

import { localTo, useLanguage } from '#app/lib/language.ts';

export function Link({ to, ...props }: ComponentProps<typeof RouterLink>) {
  return <RouterLink to={localTo(useLanguage(), to)} {...props} />;
}

export function NavLink({ to, ...props }: ComponentProps<typeof RouterNavLink>) {
  return <RouterNavLink to={localTo(useLanguage(), to)} {...props} />;
}
