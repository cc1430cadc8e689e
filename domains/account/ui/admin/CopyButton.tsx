import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';

import { useToast } from '#app/lib/toast.tsx';

/** How long the 'Copied' tick stays: 2 seconds, long enough to be noticed. */
export const COPIED_TICK_MS = 2000;

interface CopyButtonProps {
  /** What goes to the clipboard. */
  text: string;
  /** The visible label, e.g. 'Copy'. */
  label: string;
  /** The accessible name when the visible label alone is too short, e.g. 'Copy secret key'. */
  accessibleName?: string;
  /** The toast's description after a copy. */
  copiedDescription: string;
  className?: string;
}

/** Copies `text`; shows a 'Copied' tick for 2 seconds and the 'Copied' toast, or 'Copy failed'. */
export function CopyButton({ text, label, accessibleName, copiedDescription, className = 'btn-outline' }: CopyButtonProps) {
  const toast = useToast();
  const [copiedAt, setCopiedAt] = useState<number | null>(null);

  useEffect(() => {
    if (copiedAt === null) return;
    const timer = setTimeout(() => setCopiedAt(null), COPIED_TICK_MS);
    return () => clearTimeout(timer);
  }, [copiedAt]);

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(text);
      setCopiedAt(Date.now());
      toast({ title: 'Copied', description: copiedDescription });
    } catch {
      setCopiedAt(null);
      toast({ title: 'Copy failed', description: 'Please copy the text manually', variant: 'destructive' });
    }
  }

  const copied = copiedAt !== null;
  return (
    <button
      type="button"
      className={className}
      onClick={() => void copy()}
      aria-label={accessibleName ? (copied ? `${accessibleName}: Copied` : accessibleName) : undefined}
    >
      {copied ? <Check aria-hidden="true" className="size-4 text-leaf-700" /> : <Copy aria-hidden="true" className="size-4" />}
      <span>{copied ? 'Copied' : label}</span>
    </button>
  );
}
