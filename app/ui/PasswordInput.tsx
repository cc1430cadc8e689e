import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, useState } from 'react';

import { useT } from '#app/lib/language.ts';

type PasswordInputProps = Omit<ComponentProps<'input'>, 'type'>;

/** A password box with a button that shows what is typed, for people typing on a phone keyboard. */
export function PasswordInput({ className, ...props }: PasswordInputProps) {
  const [shown, setShown] = useState(false);
  const Icon = shown ? EyeOff : Eye;
  const t = useT();
  return (
    <div className="relative">
      <input {...props} type={shown ? 'text' : 'password'} className={`${className ?? ''} pr-12`} />
      <button
        type="button"
        aria-pressed={shown}
        aria-label={t('Show password')}
        aria-controls={props.id}
        onClick={() => setShown((now) => !now)}
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-stone-600 hover:text-stone-900 focus-visible:outline-2 focus-visible:outline-leaf-700"
      >
        <Icon aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}
