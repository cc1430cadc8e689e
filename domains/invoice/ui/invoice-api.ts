import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { getJson, sendJson } from '#app/lib/api.ts';
import { usesPanel } from '#domains/account/model.ts';
import { whileSignedIn } from '#domains/account/ui/admin/session-prompt.ts';
import { signedInUser, useAuthStatus } from '#domains/account/ui/use-auth.ts';
import type { CreditNoteDocument, CreditNotePreview, OrderInvoice } from '#domains/invoice/model.ts';
import type { InvoiceBodyInput, StatusChange } from '#domains/invoice/schema.ts';

/** Under the enquiry's own key: every admin change reads it again with the details. */
const invoiceKey = (id: number) => ['admin', 'orders', 'one', id, 'invoice'] as const;

/** The enquiry's invoice with its payments, credit notes and dispatches; null while it has none. */
export function useOrderInvoice(id: number) {
  const admin = usesPanel(signedInUser(useAuthStatus().data)?.role);
  return useQuery({
    queryKey: invoiceKey(id),
    queryFn: ({ signal }) =>
      whileSignedIn(
        async () => (await getJson<{ invoice: OrderInvoice | null }>(`/api/admin/orders/${id}/invoice-status`, signal)).invoice,
      ),
    enabled: admin,
    staleTime: 0,
  });
}

/** A change after the yes; the invoice, the details and the lists are read again afterwards. */
function useInvoiceChange<V, R>(send: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => whileSignedIn(() => send(variables)),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export const useIssueInvoice = () =>
  useInvoiceChange(({ id, body }: { id: number; body: InvoiceBodyInput }) =>
    sendJson<OrderInvoice>('POST', `/api/admin/orders/${id}/invoice`, body),
  );

/** A payment or refund as typed (its day is `receivedOn` or `paidOn`): the server reads it and checks it. */
export interface MoneyInput {
  amount: string;
  receivedOn?: string;
  paidOn?: string;
  method: string;
  reference: string;
  note?: string;
}
/**
 * Records a payment ('payments') or a refund paid out ('refunds'). `key`: the form's Idempotency-Key, the same for
 * every try of one record, so a repeat records nothing more.
 */
export const useRecordMoney = (kind: 'payments' | 'refunds') =>
  useInvoiceChange(({ id, body, key }: { id: number; body: MoneyInput; key: string }) =>
    sendJson<OrderInvoice>('POST', `/api/admin/orders/${id}/${kind}`, body, { 'Idempotency-Key': key }),
  );

export interface CreditNoteInput {
  reason: string;
  lines?: Array<{ line: number; quantity: number }>;
  delivery?: boolean;
}
/** What a credit note would take back, worked out by the server as issuing it would; nothing is stored. */
export const previewCreditNote = (id: number, body: Omit<CreditNoteInput, 'reason'>) =>
  whileSignedIn(() => sendJson<CreditNotePreview>('POST', `/api/admin/orders/${id}/credit-notes/preview`, body));

/**
 * The preview of a credit note for everything not yet credited, read once each time a confirmation opens (`enabled`):
 * outside the admin keys, so the change it confirms does not ask again for what that change has just credited.
 */
export const useWholeCreditPreview = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: ['credit-preview', id],
    queryFn: () => previewCreditNote(id, {}),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

export const useIssueCreditNote = () =>
  useInvoiceChange(({ id, body }: { id: number; body: CreditNoteInput }) =>
    sendJson<CreditNoteDocument>('POST', `/api/admin/orders/${id}/credit-notes`, body),
  );

/** 'shipped' with the dispatch details, as typed (the server checks them). */
export const useShip = () =>
  useInvoiceChange(
    ({
      id,
      from,
      dispatch,
    }: {
      id: number;
      from: StatusChange['status'];
      dispatch: Record<keyof NonNullable<StatusChange['dispatch']>, string>;
    }) => sendJson('PATCH', `/api/admin/orders/${id}/status`, { status: 'shipped', from, dispatch }),
  );

export const ewayBillUrl = (id: number) => `/api/admin/orders/${id}/eway-bill`;
export const invoicePdfUrl = (id: number) => `/api/admin/orders/${id}/invoice/pdf`;
export const creditNotePdfUrl = (id: number, n: number) => `/api/admin/orders/${id}/credit-notes/${n}/pdf`;

/** The invoice registration portal's answer for the invoice or its credit note N, as the portal gave it. */
export const useRecordIrpAnswer = () =>
  useInvoiceChange(({ id, body }: { id: number; body: { creditNote?: number; answer: object } }) =>
    sendJson<OrderInvoice>('POST', `/api/admin/orders/${id}/e-invoice/answer`, body),
  );

/** The cancellation, on the portal within its 24 hours, of the IRN of the invoice or of its credit note N. */
export const useCancelEInvoice = () =>
  useInvoiceChange(
    ({
      id,
      body,
    }: {
      id: number;
      body: { creditNote?: number; Irn: string; CancelDate: string; reason: string; remark: string };
    }) => sendJson<OrderInvoice>('POST', `/api/admin/orders/${id}/e-invoice/cancel`, body),
  );

export const eInvoiceUrl = (id: number) => `/api/admin/orders/${id}/e-invoice`;
