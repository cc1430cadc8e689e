import { Download, Eye, EyeOff } from 'lucide-react';
import { useId, useState } from 'react';

import { backupFileName, backupFileText, downloadText } from './backup-file.ts';
import { CopyButton } from './CopyButton.tsx';

/** A set of backup codes, hidden until shown, to download as a file or copy (the setup wizard's and a new set's). */
export function BackupCodes({
  codes,
  username,
  shopName,
}: {
  codes: readonly string[];
  username: string | null;
  /** The shop's name, written into the file (the screens above account read it from the settings). */
  shopName: string;
}) {
  const [shown, setShown] = useState(false);
  const listId = useId();

  function download() {
    const now = new Date();
    downloadText(backupFileName(now), backupFileText(shopName, [...codes], username, now));
  }

  return (
    <div className="mt-5 rounded-xl border border-stone-200 bg-stone-50 p-4">
      <div id={listId}>
        {shown ? (
          <ol
            aria-label="Backup codes"
            className="grid grid-cols-1 gap-2 font-mono text-base text-stone-900 min-[400px]:grid-cols-2"
          >
            {codes.map((code) => (
              <li key={code} className="rounded-md bg-white px-3 py-1.5 text-center">
                {code}
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-stone-700">The backup codes are hidden. Show them to read or write them down.</p>
        )}
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-outline"
          aria-expanded={shown}
          aria-controls={listId}
          onClick={() => setShown(!shown)}
        >
          {shown ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
          {shown ? 'Hide codes' : 'Show codes'}
        </button>
        <button type="button" className="btn-outline" onClick={download}>
          <Download aria-hidden="true" className="size-4" />
          Download
        </button>
        <CopyButton
          text={codes.join('\n')}
          label="Copy"
          accessibleName="Copy backup codes"
          copiedDescription="The backup codes are on your clipboard."
        />
      </div>
    </div>
  );
}
