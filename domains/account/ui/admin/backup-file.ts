/** 'backup-codes-2026-11-23T10-15-00.txt': the moment of download (UTC), safe in every file system. */
export function backupFileName(at: Date): string {
  return `backup-codes-${at.toISOString().slice(0, 19).replace(/:/g, '-')}.txt`;
}

/** The text of the downloaded file: whose (the shop's name) and when, the single-use rule, then one code a line. */
export function backupFileText(shopName: string, codes: readonly string[], username: string | null, at: Date): string {
  return [
    `${shopName}: two-factor authentication backup codes`,
    username ? `Account: ${username}` : null,
    `Generated: ${at.toISOString()}`,
    '',
    'Each code can be used only once, in place of the 6-digit code from your authenticator app.',
    'Keep this file somewhere safe and private.',
    '',
    ...codes,
    '',
  ]
    .filter((line): line is string => line !== null)
    .join('\n');
}

/** Hands the text to the browser as a file download. */
export function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is no longer needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
