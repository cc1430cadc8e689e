import { useT } from '#app/lib/language.ts';

export function SkipLink() {
  const t = useT();
  return (
    <a
      href="#main-content"
      className="sr-only z-50 rounded-md bg-leaf-800 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      {t('Skip to main content')}
    </a>
  );
}
