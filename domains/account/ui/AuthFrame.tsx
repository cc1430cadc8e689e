import { type ReactNode, useEffect, useRef } from 'react';

import { useT } from '#app/lib/language.ts';
import { Link } from '#app/ui/LocalLink.tsx';

/** The login and registration card, with the way back to the shop under it. */
export function AuthFrame({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const t = useT();
  return (
    <div className="container-page flex justify-center py-10 sm:py-16">
      <div className={`w-full ${wide ? 'max-w-lg' : 'max-w-md'}`}>
        <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">{children}</div>
        <p className="mt-6 text-center">
          <Link to="/" className="tap text-sm font-medium text-stone-700 underline underline-offset-2 hover:text-leaf-800">
            {t('Back to website')}
          </Link>
        </p>
      </div>
    </div>
  );
}

/** Under a card's form, the way to the sign-in step beside it (a forgotten password, back to login). */
export function AuthStepLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p className="mt-4 text-center text-sm">
      <Link to={to} className="tap font-semibold text-leaf-800 underline underline-offset-2">
        {children}
      </Link>
    </p>
  );
}

/** Under the card, for a visitor on the wrong one of logging in and registering: the question and the other. */
export function AuthSwitch({ question, to, children }: { question: string; to: string; children: ReactNode }) {
  return (
    <p className="mt-6 text-center text-sm text-stone-700">
      {question}{' '}
      <Link to={to} className="tap font-semibold text-leaf-800 underline underline-offset-2">
        {children}
      </Link>
    </p>
  );
}

/** The card saying a step is done, its heading focused (screen readers read it out), and the button on to log in. */
export function AuthDone({ title, login, children }: { title: string; login: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <AuthFrame>
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-leaf-900 focus:outline-none">
        {title}
      </h1>
      <p className="mt-2 text-stone-700">{children}</p>
      <Link to="/login" className="btn-primary mt-6 w-full">
        {login}
      </Link>
    </AuthFrame>
  );
}

/** The card saying what is being checked (the sign-in state, an e-mailed link) before the page can show its form. */
export function AuthChecking({ wide = false, children }: { wide?: boolean; children: ReactNode }) {
  return (
    <AuthFrame wide={wide}>
      <p role="status" className="py-10 text-center text-stone-700">
        {children}
      </p>
    </AuthFrame>
  );
}

/** Shown while the sign-in state is not known yet, or while a signed-in visitor is sent on. */
export function CheckingAuthentication({ wide = false }: { wide?: boolean }) {
  const t = useT();
  return <AuthChecking wide={wide}>{t('Checking authentication')}</AuthChecking>;
}

/** How a username box behaves on both forms: the browser offers saved names; phones neither capitalise nor correct. */
export const USERNAME_INPUT = { type: 'text', autoComplete: 'username', autoCapitalize: 'none', spellCheck: false } as const;
