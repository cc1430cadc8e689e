import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { SecurityLogEntry } from '../../../../core/auth';
import { CSRF_HEADER } from '../../../../core/auth';
import type { Category } from '../../../../core/constants';
import type { EnquiryStatus } from '../../../../core/enquiry';
import type {
  AdminContact,
  AdminDashboard,
  AdminOrder,
  AdminPage,
  AuditEntry,
  SecuritySummary,
} from '../../../../core/schemas/admin';
import type {
  AdminProduct,
  AdminProductPage,
  AdminProductWithHistory,
  ProductBodyInput,
} from '../../../../core/schemas/product-admin';
import { ApiError, getJson, sendJson } from '../../../lib/api';
import { csrfToken } from '../../../lib/csrf';
import { signedInUser, useAuthStatus } from '../../../lib/use-auth';

/** Admin data is asked for only while an administrator is signed in: after Logout nothing polls into a 401. */
function useSignedInAdmin(): boolean {
  return signedInUser(useAuthStatus().data)?.role === 'admin';
}

/** How often the open admin screens look for new enquiries and messages (the sidebar counts, the lists). */
export const POLL_MS = 30_000;
/** Spec: security logs are refetched every 60 seconds. */
export const SECURITY_POLL_MS = 60_000;

export interface ListParams {
  page: number;
  seen?: 'true' | 'false';
  q?: string;
  status?: EnquiryStatus;
  category?: Category;
}

const search = (params: ListParams) =>
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
  securityLogs: ['admin', 'security-logs'] as const,
  securitySummary: ['admin', 'security-summary'] as const,
};

export const exportUrl = (list: 'orders' | 'contacts', params: ListParams) => {
  const query = search({ ...params, page: 1 });
  query.delete('page');
  return `/api/admin/${list}/export.csv${query.size ? `?${query}` : ''}`;
};

export function useDashboard() {
  const admin = useSignedInAdmin();
  return useQuery({
    queryKey: KEYS.dashboard,
    queryFn: ({ signal }) => getJson<AdminDashboard>('/api/admin/dashboard', signal),
    refetchInterval: POLL_MS,
    enabled: admin,
    staleTime: 0,
  });
}

export function useOrders(params: ListParams) {
  const admin = useSignedInAdmin();
  return useQuery({
    queryKey: [...KEYS.orders, params],
    queryFn: ({ signal }) => getJson<AdminPage<AdminOrder>>(`/api/admin/orders?${search(params)}`, signal),
    placeholderData: keepPreviousData,
    refetchInterval: POLL_MS,
    enabled: admin,
    staleTime: 0,
  });
}

export function useOrder(id: number | null) {
  const admin = useSignedInAdmin();
  return useQuery({
    queryKey: KEYS.order(id ?? 0),
    queryFn: ({ signal }) => getJson<AdminOrder & { history: AuditEntry[] }>(`/api/admin/orders/${id}`, signal),
    enabled: admin && id !== null,
    staleTime: 0,
  });
}

export function useContacts(params: ListParams) {
  const admin = useSignedInAdmin();
  return useQuery({
    queryKey: [...KEYS.contacts, params],
    queryFn: ({ signal }) => getJson<AdminPage<AdminContact>>(`/api/admin/contacts?${search(params)}`, signal),
    placeholderData: keepPreviousData,
    refetchInterval: POLL_MS,
    enabled: admin,
    staleTime: 0,
  });
}

export function useAdminProducts(params: ListParams) {
  const admin = useSignedInAdmin();
  return useQuery({
    queryKey: [...KEYS.products, params],
    queryFn: ({ signal }) => getJson<AdminProductPage>(`/api/admin/products?${search(params)}`, signal),
    placeholderData: keepPreviousData,
    enabled: admin,
    staleTime: 0,
  });
}

/** One product with every variation, active or not (the dialog's edit mode). */
export function useAdminProduct(id: number | null) {
  const admin = useSignedInAdmin();
  return useQuery({
    queryKey: KEYS.product(id ?? 0),
    queryFn: ({ signal }) => getJson<AdminProductWithHistory>(`/api/admin/products/${id}`, signal),
    enabled: admin && id !== null,
    staleTime: 0,
  });
}

export function useSecurityLogs(limit: number) {
  const admin = useSignedInAdmin();
  return useQuery({
    queryKey: [...KEYS.securityLogs, limit],
    queryFn: ({ signal }) => getJson<SecurityLogEntry[]>(`/api/admin/security-logs?limit=${limit}`, signal),
    refetchInterval: SECURITY_POLL_MS,
    enabled: admin,
    staleTime: 0,
  });
}

export function useSecuritySummary() {
  const admin = useSignedInAdmin();
  return useQuery({
    queryKey: KEYS.securitySummary,
    queryFn: ({ signal }) => getJson<SecuritySummary>('/api/admin/security-logs/summary', signal),
    refetchInterval: SECURITY_POLL_MS,
    enabled: admin,
    staleTime: 0,
  });
}

/** A change to an enquiry or a message; afterwards the lists, the details and the sidebar counts are read again. */
function useAdminChange<V>(send: (variables: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export const useSetOrderSeen = () =>
  useAdminChange(({ id, seen }: { id: number; seen: boolean }) => sendJson('PATCH', `/api/admin/orders/${id}/seen`, { seen }));
export const useSetOrderStatus = () =>
  useAdminChange(({ id, status }: { id: number; status: EnquiryStatus }) =>
    sendJson('PATCH', `/api/admin/orders/${id}/status`, { status }),
  );
export const useDeleteOrder = () => useAdminChange((id: number) => sendJson('DELETE', `/api/admin/orders/${id}`));
export const useSetContactSeen = () =>
  useAdminChange(({ id, seen }: { id: number; seen: boolean }) => sendJson('PATCH', `/api/admin/contacts/${id}/seen`, { seen }));
export const useDeleteContact = () => useAdminChange((id: number) => sendJson('DELETE', `/api/admin/contacts/${id}`));

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
  sendJson<{ deleted: boolean }>('DELETE', '/api/admin/delete-image', { imageUrl });

function parsed(text: string): { imageUrls?: string[]; message?: string } | null {
  try {
    return JSON.parse(text) as { imageUrls?: string[]; message?: string };
  } catch {
    return null;
  }
}

/**
 * POST /api/admin/upload-images with the files in the field `images`, reporting how much is sent (fetch cannot).
 * Fails with an ApiError carrying the server's message.
 */
export async function uploadImages(files: readonly File[], onProgress: (fraction: number) => void): Promise<string[]> {
  const form = new FormData();
  for (const file of files) form.append('images', file);
  const token = await csrfToken();
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/admin/upload-images');
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader(CSRF_HEADER, token);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = parsed(request.responseText);
      if (request.status >= 200 && request.status < 300 && body?.imageUrls) resolve(body.imageUrls);
      else reject(new ApiError(request.status, request.responseText || request.statusText, body));
    };
    request.onerror = () => reject(new ApiError(0, 'Network error'));
    request.send(form);
  });
}
