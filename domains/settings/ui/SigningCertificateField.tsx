import { type FormEvent, useRef, useState } from 'react';

import { shortDate } from '#app/admin/format.ts';
import { ApiError } from '#app/lib/api.ts';
import { FormField } from '#app/ui/FormField.tsx';
import { SubmitRow } from '#app/ui/SubmitRow.tsx';

import { useChangeSigningCertificate, useSigningCertificate } from './settings-api.ts';

/** The file's bytes as base64, as PUT /api/admin/settings/signing takes them. */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Digital signature: the shop's DSC (.p12 or .pfx and its password), with which every issued invoice and credit note
 * PDF is signed. Shows whose certificate is set and until when (an expired one signs nothing, and says so here).
 */
export function SigningCertificateField() {
  const current = useSigningCertificate();
  const change = useChangeSigningCertificate();
  const fileInput = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const certificate = current.data?.certificate ?? null;

  const send = async (upload: Parameters<typeof change.mutateAsync>[0]) => {
    setErrors({});
    setAlert(null);
    setStatus('');
    try {
      await change.mutateAsync(upload);
      setPassword('');
      if (fileInput.current) fileInput.current.value = '';
      setStatus(upload ? 'Certificate saved: issued invoices and credit notes are signed with it.' : 'Certificate removed.');
    } catch (error) {
      const body = error instanceof ApiError ? error.body : null;
      setErrors(body?.errors ?? {});
      setAlert(body?.message ?? 'The certificate could not be saved. Please try again.');
    }
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!file) {
      setErrors({ file: 'Choose the certificate file (.p12 or .pfx)' });
      fileInput.current?.focus();
      return;
    }
    await send({ file: await base64Of(file), password });
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-stone-700">
        Your digital signature certificate (DSC) from a certifying authority, as a .p12 or .pfx file. Every invoice and credit
        note PDF is signed with it; without one they go out unsigned.
      </p>
      {certificate ? (
        <div className="rounded-lg border border-stone-300 p-3 text-sm">
          <p className="font-semibold text-stone-900 break-words">{certificate.subject}</p>
          <p className="text-stone-700">
            Valid {shortDate(certificate.validFrom)} to {shortDate(certificate.validTo)}
          </p>
          {certificate.expired && (
            <p className="mt-1 font-medium text-red-700">
              This certificate has expired: documents are not being signed. Upload the renewed certificate.
            </p>
          )}
          <button
            type="button"
            className="mt-2 min-h-11 rounded-lg border border-stone-300 px-4 font-semibold text-stone-900"
            disabled={change.isPending}
            onClick={() => void send(null)}
          >
            Remove certificate
          </button>
        </div>
      ) : (
        <p className="text-sm text-stone-700">No certificate set.</p>
      )}
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <FormField label="Certificate file (.p12 or .pfx)" error={errors.file}>
          {({ className, ...props }) => (
            <input
              {...props}
              ref={fileInput}
              type="file"
              accept=".p12,.pfx,application/x-pkcs12"
              className={`${className} py-2`}
            />
          )}
        </FormField>
        <FormField label="Certificate password" error={errors.password}>
          {(props) => (
            <input
              {...props}
              type="password"
              autoComplete="off"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </FormField>
        <SubmitRow alert={alert} sending={change.isPending} label="Upload certificate" sendingLabel="Saving..." />
        <p role="status" className="text-sm font-medium text-leaf-800">
          {status}
        </p>
      </form>
    </div>
  );
}
