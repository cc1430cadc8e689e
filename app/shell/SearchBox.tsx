import { Search } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';

/** Header search: a non-empty trimmed text goes to /products?search=…, then the box clears. */
export function SearchBox({
  className = '',
  placeholder = 'Search plates, bowls, cups…',
}: {
  className?: string;
  placeholder?: string;
}) {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  const id = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const search = text.trim();
    if (!search) return;
    void navigate(`/products?${new URLSearchParams({ search })}`);
    setText('');
  };

  return (
    <form role="search" action="/products" method="get" onSubmit={submit} className={`relative items-center ${className}`}>
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <input
        id={id}
        name="search"
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={placeholder}
        maxLength={100}
        className="h-11 w-full rounded-lg border border-stone-300 bg-white pr-11 pl-3 text-sm placeholder:text-stone-500"
      />
      <button
        type="submit"
        className="absolute right-0 flex size-11 items-center justify-center text-stone-600 hover:text-leaf-800"
      >
        <Search aria-hidden="true" className="size-5" />
        <span className="sr-only">Search</span>
      </button>
    </form>
  );
}
