import { Download, Printer } from 'lucide-react';

/** Under a quote or an invoice shown on its page: its PDF to keep, and the page printed as it stands (the rest hidden). */
export function DocumentActions({ pdf, download, print }: { pdf: string; download: string; print: string }) {
  return (
    <div className="mt-4 flex flex-wrap gap-2 print:hidden">
      <a href={pdf} className="btn-outline min-h-11" download>
        <Download aria-hidden="true" className="size-4" /> {download}
      </a>
      <button type="button" className="btn-outline min-h-11" onClick={() => window.print()}>
        <Printer aria-hidden="true" className="size-4" /> {print}
      </button>
    </div>
  );
}
