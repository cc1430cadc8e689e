import { Fragment, type ReactNode } from 'react';

import { useT } from '#app/lib/language.ts';

/** A placeholder's stand-in while the message is translated: a character no message holds. */
const MARK = '\u0000';

/**
 * A message whose placeholders are parts of the page (a bold name, a link), in the page's language:
 * `<Rich message={msg('Signing in as {name}')} values={{ name: <strong>{name}</strong> }} />`. Each language puts the
 * parts where its sentence needs them.
 */
export function Rich({ message, values }: { message: string; values: Record<string, ReactNode> }) {
  const t = useT();
  const names = Object.keys(values);
  const marks = Object.fromEntries(names.map((name, index) => [name, `${MARK}${index}${MARK}`]));
  const parts = t(message, marks).split(new RegExp(`${MARK}(\\d+)${MARK}`));
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 0 ? part : <Fragment key={index}>{values[names[Number(part)] ?? '']}</Fragment>,
      )}
    </>
  );
}
