import { Download } from 'lucide-react';
import { type ReactNode, useState } from 'react';

/**
 * A button that downloads a file for another portal or the accounts, or says why there is none: the server answers 400 naming
 * what is missing (a dispatch's distance), which a plain download link would save as the file.
 */
export function FileDownload({ url, filename, children }: { url: string; filename: string; children: ReactNode }) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const response = await fetch(url, { credentials: 'same-origin' });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { message?: string } | null;
        setProblem(body?.message ?? 'The file could not be made. Please try again.');
        return;
      }
      const link = document.createElement('a');
      link.href = URL.createObjectURL(await response.blob());
      link.download = filename;
      link.click();
      URL.revokeObjectURL(link.href);
    } catch {
      setProblem('The file could not be made. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="btn-outline min-h-11" aria-disabled={busy} onClick={() => void download()}>
        <Download aria-hidden="true" className="size-4" /> {children}
      </button>
      {problem && (
        <p role="alert" className="basis-full text-red-800">
          {problem}
        </p>
      )}
    </>
  );
}
