import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { ApiError, getJson, sendJson } from '#app/lib/api.ts';
import { csrfToken } from '#app/lib/csrf.ts';
import { CSRF_HEADER, type SecurityLogEntry, usesPanel } from '#domains/account/model.ts';
import type { SecuritySummary } from '#domains/account/schema.ts';
import { whileSignedIn } from '#domains/account/ui/admin/session-prompt.ts';
import { signedInUser, useAuthStatus } from '#domains/account/ui/use-auth.ts';
import type { BankCreditPage, BankCreditState, BankCreditView, BankStatementUpload } from '#domains/bank/schema.ts';
import type { Category } from '#domains/catalogue/categories.ts';
import type {
  AdminProduct,
  AdminProductPage,
  AdminProductWithHistory,
  ProductBodyInput,
} from '#domains/catalogue/product-admin-schema.ts';
import type { CustomerRecord, CustomerSummary } from '#domains/customer/model.ts';
import type { PriceGroupBodyInput, PriceGroupDetail, PriceGroupSummary } from '#domains/customer/price-group-schema.ts';
import type { EnquiryStatus } from '#domains/enquiry/model.ts';
import type { AdminContact, MessageEnquiryBody } from '#domains/message/schema.ts';
import type { AdminDashboard, AdminOrder, AdminOrderDetails } from '#domains/order-file/schema.ts';
import type { TodayList, TodayStep } from '#domains/order-file/today.ts';
import type { Quote, QuoteDraft, QuoteFilter, QuotePreview } from '#domains/quote/model.ts';
import type { QuoteBodyInput } from '#domains/quote/schema.ts';
import type { AdminPage } from '#lib/schemas/list.ts';

/** Panel data is asked for only while a member of staff is signed in: after Logout nothing polls into a 401. */
function useSignedInAdmin(): boolean {
  return usesPanel(signedInUser(useAuthStatus().data)?.role);
}

/** How often the open admin screens look for new enquiries and messages (the sidebar counts, the lists). */
export const POLL_MS = 30_000;
/** Security logs are refetched every 60 seconds so a new event shows within a minute. */
export const SECURITY_POLL_MS = 60_000;

export interface ListParams {
  page: number;
  seen?: 'true' | 'false';
  q?: string;
  status?: EnquiryStatus;
  quote?: QuoteFilter;
  step?: TodayStep;
  category?: Category;
}

export const search = (params: ListParams) =>
  new URLSearchParams(
    Object.entries(params).flatMap(([key, value]) => (value === undefined || value === '' ? [] : [[key, String(value)]])),
  );

const KEYS = {
  dashboard: ['admin', 'dashboard'] as const,
  orders: ['admin', 'orders'] as const,
  order: (id: number) => ['admin', 'orders', 'one', id] as const,
  contacts: ['admin', 'contacts'] as const,
  products: ['admin', 'products'] as const,
  product: (id: number) => ['admin', 'products', 'one', id] as const,
  customers: ['admin', 'customers'] as const,
  customer: (id: number) => ['admin', 'customers', 'one', id] as const,
  priceGroups: ['admin', 'price-groups'] as const,
  securityLogs: ['admin', 'security-logs'] as const,
  securitySummary: ['admin', 'security-summary'] as const,
};

export const exportUrl = (list: 'orders' | 'contacts', params: ListParams) => {
  const query = search({ ...params, page: 1 });
  query.delete('page');
  return `/api/admin/${list}/export.csv${query.size ? `?${query}` : ''}`;
};

/**
 * An admin read: asked for only while a member of staff is signed in (and `url` is known), never stale; `poll`
 * refetches it, `keepPrevious` shows the last page while the next loads. Should the session have ended, it waits for
 * the sign-in prompt and asks again.
 */
export function useAdminQuery<T>(
  queryKey: readonly unknown[],
  url: string | null,
  { poll, keepPrevious = false }: { poll?: number; keepPrevious?: boolean } = {},
) {
  const admin = useSignedInAdmin();
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => whileSignedIn(() => getJson<T>(url ?? '', signal)),
    placeholderData: keepPrevious ? keepPreviousData : undefined,
    refetchInterval: poll,
    enabled: admin && url !== null,
    staleTime: 0,
  });
}

export const useDashboard = () => useAdminQuery<AdminDashboard>(KEYS.dashboard, '/api/admin/dashboard', { poll: POLL_MS });

export const useToday = () => useAdminQuery<TodayList>([...KEYS.orders, 'today'], '/api/admin/today', { poll: POLL_MS });

export const useOrders = (params: ListParams) =>
  useAdminQuery<AdminPage<AdminOrder>>([...KEYS.orders, params], `/api/admin/orders?${search(params)}`, {
    poll: POLL_MS,
    keepPrevious: true,
  });

export const useOrder = (id: number | null) =>
  useAdminQuery<AdminOrderDetails>(KEYS.order(id ?? 0), id === null ? null : `/api/admin/orders/${id}`);

export const useOrderQuotes = (id: number) =>
  useAdminQuery<{ draft: QuoteDraft; quotes: Quote[] }>([...KEYS.order(id), 'quotes'], `/api/admin/orders/${id}/quotes`);

export const useContacts = (params: ListParams) =>
  useAdminQuery<AdminPage<AdminContact>>([...KEYS.contacts, params], `/api/admin/contacts?${search(params)}`, {
    poll: POLL_MS,
    keepPrevious: true,
  });

export const useAdminProducts = (params: ListParams) =>
  useAdminQuery<AdminProductPage>([...KEYS.products, params], `/api/admin/products?${search(params)}`, {
    keepPrevious: true,
  });

/** One product with every variation, active or not (the dialog's edit mode). */
export const useAdminProduct = (id: number | null) =>
  useAdminQuery<AdminProductWithHistory>(KEYS.product(id ?? 0), id === null ? null : `/api/admin/products/${id}`);

export const useCustomers = (params: Pick<ListParams, 'page' | 'q'>) =>
  useAdminQuery<AdminPage<CustomerSummary>>([...KEYS.customers, params], `/api/admin/customers?${search(params)}`, {
    keepPrevious: true,
  });

export const useCustomer = (id: number | null) =>
  useAdminQuery<CustomerRecord>(KEYS.customer(id ?? 0), id === null ? null : `/api/admin/customers/${id}`);

export const useSaveCustomerNote = () =>
  useAdminChange(({ id, note }: { id: number; note: string }) =>
    sendJson<{ note: CustomerRecord['note'] }>('PUT', `/api/admin/customers/${id}/note`, { note }),
  );

/** Stops a customer's reminders (a dispute) or resumes them. */
export const useSetCustomerReminders = () =>
  useAdminChange(({ id, stopped }: { id: number; stopped: boolean }) =>
    sendJson<{ remindersStopped: CustomerRecord['remindersStopped'] }>('PUT', `/api/admin/customers/${id}/reminders`, {
      stopped,
    }),
  );

/** The price groups (docs/decisions/511-trade-prices-minimums-steps-and-breaks.md): the staff read them, administrators change them. */
export const usePriceGroups = () => useAdminQuery<PriceGroupSummary[]>(KEYS.priceGroups, '/api/admin/price-groups');
export const usePriceGroup = (id: number | null) =>
  useAdminQuery<PriceGroupDetail>([...KEYS.priceGroups, id ?? 0], id === null ? null : `/api/admin/price-groups/${id}`);
/** Makes a group (id null) or replaces one's name and terms. */
export const useSavePriceGroup = () =>
  useAdminChange(({ id, body }: { id: number | null; body: PriceGroupBodyInput }) =>
    id === null
      ? sendJson<PriceGroupDetail>('POST', '/api/admin/price-groups', body)
      : sendJson<PriceGroupDetail>('PUT', `/api/admin/price-groups/${id}`, body),
  );
export const useDeletePriceGroup = () => useAdminChange((id: number) => sendJson('DELETE', `/api/admin/price-groups/${id}`));
/** Puts a customer in a price group, or back at the public prices (null). */
export const useSetCustomerPriceGroup = () =>
  useAdminChange(({ id, groupId }: { id: number; groupId: number | null }) =>
    sendJson<{ priceGroup: CustomerRecord['priceGroup'] }>('PUT', `/api/admin/customers/${id}/price-group`, { groupId }),
  );

export const useSecurityLogs = (limit: number) =>
  useAdminQuery<SecurityLogEntry[]>([...KEYS.securityLogs, limit], `/api/admin/security-logs?limit=${limit}`, {
    poll: SECURITY_POLL_MS,
  });

export const useSecuritySummary = () =>
  useAdminQuery<SecuritySummary>(KEYS.securitySummary, '/api/admin/security-logs/summary', { poll: SECURITY_POLL_MS });

/**
 * A change to an enquiry or a message; afterwards the lists, the details and the sidebar counts are read again. A change
 * made after the session ended is sent once the staff member has signed in again, never dropped.
 */
export function useAdminChange<V, R = unknown>(send: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => whileSignedIn(() => send(variables)),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export const useSetOrderSeen = () =>
  useAdminChange(({ id, seen }: { id: number; seen: boolean }) => sendJson('PATCH', `/api/admin/orders/${id}/seen`, { seen }));
/**
 * The status, from the one the screen shows (`from`: 409 when someone else changed it meanwhile); with 'cancelled', the
 * reason of the credit note for what is not yet credited, issued in the same step.
 */
export const useSetOrderStatus = () =>
  useAdminChange(
    ({
      id,
      status,
      from,
      creditNote,
    }: {
      id: number;
      status: EnquiryStatus;
      from: EnquiryStatus;
      creditNote?: { reason: string };
    }) => sendJson('PATCH', `/api/admin/orders/${id}/status`, { status, from, ...(creditNote && { creditNote }) }),
  );
/** A new status link (e-mailed to the customer, the old one stops working), or none at all. */
export const useStatusLink = () =>
  useAdminChange(({ id, action }: { id: number; action: 'replace' | 'revoke' }) =>
    sendJson(action === 'replace' ? 'POST' : 'DELETE', `/api/admin/orders/${id}/status-link`),
  );
export const useSendQuote = () =>
  useAdminChange(({ id, body }: { id: number; body: QuoteBodyInput }) =>
    sendJson<Quote>('POST', `/api/admin/orders/${id}/quotes`, body),
  );
/** How a quote would go out (nothing is stored, so nothing is read again afterwards). */
export const usePreviewQuote = () =>
  useMutation({
    mutationFn: ({ id, body }: { id: number; body: QuoteBodyInput }) =>
      whileSignedIn(() => sendJson<QuotePreview>('POST', `/api/admin/orders/${id}/quotes/preview`, body)),
  });
/** The customer's status page's address, asked for when the staff copy it. */
export const statusLinkUrl = (id: number) => whileSignedIn(() => getJson<{ url: string }>(`/api/admin/orders/${id}/status-link`));
export const useDeleteOrder = () => useAdminChange((id: number) => sendJson('DELETE', `/api/admin/orders/${id}`));
export const useSetContactSeen = () =>
  useAdminChange(({ id, seen }: { id: number; seen: boolean }) => sendJson('PATCH', `/api/admin/contacts/${id}/seen`, { seen }));
export const useDeleteContact = () => useAdminChange((id: number) => sendJson('DELETE', `/api/admin/contacts/${id}`));
/** An enquiry made of a message: the lines the staff picked, priced by the server. */
export const useMakeEnquiry = () =>
  useAdminChange(({ id, body }: { id: number; body: MessageEnquiryBody }) =>
    sendJson<{ id: number; displayId: number }>('POST', `/api/admin/contacts/${id}/enquiry`, body),
  );

export const useSaveProduct = () =>
  useAdminChange(({ id, body }: { id: number | null; body: ProductBodyInput }) =>
    id === null
      ? sendJson<AdminProduct>('POST', '/api/admin/products', body)
      : sendJson<AdminProduct>('PATCH', `/api/admin/products/${id}`, body),
  );
export const useSetInStock = () =>
  useAdminChange(({ id, inStock }: { id: number; inStock: boolean }) =>
    sendJson('PATCH', `/api/admin/products/${id}`, { inStock }),
  );
export const useDeleteProduct = () => useAdminChange((id: number) => sendJson('DELETE', `/api/admin/products/${id}`));

export const deleteImage = (imageUrl: string) =>
  whileSignedIn(() => sendJson<{ deleted: boolean }>('DELETE', '/api/admin/delete-image', { imageUrl }));

/** A photo on another website, fetched by the server and kept as an upload: its /media/ URL. */
export const fetchImage = async (url: string): Promise<string> => {
  const { imageUrls } = await whileSignedIn(() => sendJson<{ imageUrls: string[] }>('POST', '/api/admin/fetch-image', { url }));
  const [kept] = imageUrls;
  if (!kept) throw new Error('The answer names no image');
  return kept;
};

function parsed(text: string): { imageUrls?: string[]; message?: string } | null {
  try {
    return JSON.parse(text) as { imageUrls?: string[]; message?: string };
  } catch {
    return null;
  }
}

/**
 * POST /api/admin/upload-images (or `path`: the shop's logo and signature) with the files in the field `images`,
 * reporting how much is sent (fetch cannot): 1 once every byte is, while the server makes the photos' files. Fails
 * with an ApiError carrying the server's message.
 */
export function uploadImages(
  files: readonly File[],
  onProgress: (fraction: number) => void,
  path = '/api/admin/upload-images',
): Promise<string[]> {
  return whileSignedIn(() => upload(path, files, onProgress));
}

async function upload(path: string, files: readonly File[], onProgress: (fraction: number) => void): Promise<string[]> {
  const form = new FormData();
  for (const file of files) form.append('images', file);
  const token = await csrfToken();
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader(CSRF_HEADER, token);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(event.loaded / event.total, 0.99));
    };
    request.upload.onload = () => onProgress(1);
    request.onload = () => {
      const body = parsed(request.responseText);
      if (request.status >= 200 && request.status < 300 && body?.imageUrls) resolve(body.imageUrls);
      else reject(new ApiError(request.status, request.responseText || request.statusText, body));
    };
    request.onerror = () => reject(new ApiError(0, 'Network error'));
    request.send(form);
  });
}

/** POST /api/admin/bank-statements with the file in the field `file`: the statement's credits and their matches. */
async function sendStatement(file: File): Promise<BankStatementUpload> {
  const form = new FormData();
  form.append('file', file);
  const response = await fetch('/api/admin/bank-statements', {
    method: 'POST',
    credentials: 'include',
    headers: { accept: 'application/json', [CSRF_HEADER]: await csrfToken() },
    body: form,
  });
  const text = await response.text();
  const body = parsed(text) as (BankStatementUpload & { message?: string }) | null;
  if (!response.ok || !body) throw new ApiError(response.status, text || response.statusText, body);
  return body;
}

/** A statement uploaded; afterwards the credits are read again. */
export const useUploadStatement = () => useAdminChange(sendStatement);

export const useBankCredits = (state: BankCreditState, page: number) =>
  useAdminQuery<BankCreditPage>(
    ['admin', 'bank-credits', state, page],
    `/api/admin/bank-statements/credits?state=${state}&page=${page}`,
    {
      keepPrevious: true,
    },
  );

/** The staff's yes to a credit's match: the invoices and amounts (rupees) it pays. */
export const useConfirmCredit = () =>
  useAdminChange(({ id, allocations }: { id: number; allocations: Array<{ invoice: string; amount: string }> }) =>
    sendJson<BankCreditView>('POST', `/api/admin/bank-statements/credits/${id}/confirm`, { allocations }),
  );
