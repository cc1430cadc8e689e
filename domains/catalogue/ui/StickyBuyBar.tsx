import { type RefObject, useEffect, useState } from 'react';

interface StickyBuyBarProps {
  /** The page's own Add to Cart and Submit Enquiry: the bar shows while they are out of view. */
  watch: RefObject<HTMLElement | null>;
  /** 'Size: 10 inch · 3 cartons' */
  summary: string;
  /** The line total, formatted. */
  total: string;
  label: string;
  held: boolean;
  onAdd: () => void;
}

/**
 * On a phone, the chosen option, quantity and line total with Add to Cart at the bottom of the screen while the page's
 * own buttons are scrolled away. It repeats those buttons for a thumb, so it is hidden from screen readers and the
 * keyboard, which reach the real ones. It steps aside while the footer is in view, so nothing it covers there (the
 * last links, however tall the bar grows with its text) is out of a finger's reach.
 */
export function StickyBuyBar({ watch, summary, total, label, held, onAdd }: StickyBuyBarProps) {
  const [buttonsAway, setButtonsAway] = useState(false);
  const [footerShown, setFooterShown] = useState(false);
  useEffect(() => {
    const target = watch.current;
    const footer = document.querySelector('footer');
    if (!target) return;
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.target === target) setButtonsAway(!entry.isIntersecting);
        else setFooterShown(entry.isIntersecting);
      }
    });
    observer.observe(target);
    if (footer) observer.observe(footer);
    return () => observer.disconnect();
  }, [watch]);
  if (!buttonsAway || footerShown) return null;
  return (
    <div
      aria-hidden="true"
      data-testid="sticky-buy-bar"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white/95 px-4 py-2 shadow-lg backdrop-blur lg:hidden"
    >
      <div className="flex items-center gap-3">
        <p className="min-w-0 flex-1 text-sm">
          <span className="block truncate text-stone-700">{summary}</span>
          <span className="font-bold text-stone-900">{total}</span>
        </p>
        <button type="button" tabIndex={-1} className="btn-primary shrink-0" aria-disabled={held || undefined} onClick={onAdd}>
          {label}
        </button>
      </div>
    </div>
  );
}
