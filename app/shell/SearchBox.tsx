import { Search } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';

import { useLanguage, useLocalNavigate, useT } from '#app/lib/language.ts';
import { pathIn } from '#lib/language.ts';

/** Header search: a non-empty trimmed text goes to /products?search=…, then the box clears. */
export function SearchBox({ className = '', placeholder }: { className?: string; placeholder?: string }) {
  const [text, setText] = useState('');
  const navigate = useLocalNavigate();
  const t = useT();
  const id = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const search = text.trim();
    if (!search) return;
    void navigate(`/products?${new URLSearchParams({ search })}`);
    setText('');
  };

  return (
    <form
      role="search"
      action={pathIn(useLanguage(), '/products')}
      method="get"
      onSubmit={submit}
      className={`relative items-center ${className}`}
    >
      <label htmlFor={id} className="sr-only">
        {t('Search products')}
      </label>
      <input
        id={id}
        name="search"
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={placeholder ?? t('Search plates, bowls, cups…')}
        maxLength={100}
        className="h-11 w-full rounded-lg border border-stone-300 bg-white pr-11 pl-3 text-sm placeholder:text-stone-500"
      />
      <button
        type="submit"
        className="absolute right-0 flex size-11 items-center justify-center text-stone-600 hover:text-leaf-800"
      >
        <Search aria-hidden="true" className="size-5" />
        <span className="sr-only">{t('Search')}</span>
      </button>
    </form>
  );
}
