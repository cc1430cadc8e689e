import type { BaseSyntheticEvent, ReactNode } from 'react';

/**
 * A customer's form whose rules load when it is first focused (app/lib/lazy-resolver.ts): the browser's own checks
 * off (the rules' messages say what is wrong), `onSend` the form's handleSubmit.
 */
export function RulesForm({
  rules,
  onSend,
  className,
  children,
}: {
  /** The form's lazyResolver (or lazyZodResolver). */
  rules: { preload: () => void };
  onSend: (event: BaseSyntheticEvent) => Promise<void>;
  className: string;
  children: ReactNode;
}) {
  return (
    <form method="post" noValidate onSubmit={(event) => void onSend(event)} onFocus={rules.preload} className={className}>
      {children}
    </form>
  );
}
