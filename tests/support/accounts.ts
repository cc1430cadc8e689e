/**
 * Helpers for the accounts API tests: a browser-like client (cookie jar + X-CSRF-Token) and accounts made through
 * UserService. The test clock is in clock.ts, two-factor codes in two-factor.ts, the security log in security-log.ts.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

import type { AuthStatus, PublicUser, Role } from '#domains/account/model.ts';
import type { Services } from '#server/services.ts';

import { SESSION_COOKIE_NAME } from './enquiry.ts';

export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

export interface Reply<T = unknown> {
  status: number;
  headers: LightMyRequestResponse['headers'];
  body: T;
  raw: LightMyRequestResponse;
}

/** What the API answers when it refuses a request: the message, and each wrong field's own message. */
export type Refusal = { message: string; errors?: Record<string, string> };

/** The body of a reply that must have this status (the body is the message when it has not). */
export async function expectBody<T>(reply: Promise<Reply<T>>, status: number): Promise<T> {
  const response = await reply;
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  return response.body;
}

export interface RequestOptions {
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
  /** Send the session's X-CSRF-Token (default: for every method but GET, HEAD and OPTIONS). */
  csrf?: boolean;
  /** Leave out the session cookie. */
  anonymous?: boolean;
}

/**
 * A browser: keeps the shop_session cookie, fetches the CSRF token bound to the current session
 * (again whenever the session is re-keyed) and sends it as X-CSRF-Token on state-changing requests.
 */
export class Client {
  /** The current session cookie's token. */
  token: string | undefined;
  private csrf: { token: string; forSession: string } | undefined;
  readonly ip: string;
  readonly userAgent: string;

  constructor(
    private readonly app: FastifyInstance,
    { ip = '127.0.0.1', userAgent = 'AccountsTest/1.0', token }: { ip?: string; userAgent?: string; token?: string } = {},
  ) {
    this.ip = ip;
    this.userAgent = userAgent;
    this.token = token;
  }

  /** Another browser with the same cookie (e.g. a copy of a pre-login cookie). */
  withToken(token: string | undefined): Client {
    return new Client(this.app, { ip: this.ip, userAgent: this.userAgent, token });
  }

  /** The CSRF token of the current session (GET /api/auth/csrf-token creates the session if there is none). */
  async csrfToken(): Promise<string> {
    if (this.csrf && this.csrf.forSession === this.token) return this.csrf.token;
    const response = await this.send<{ csrfToken: string }>('GET', '/api/auth/csrf-token');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    if (!this.token) throw new Error('GET /api/auth/csrf-token set no session cookie');
    this.csrf = { token: response.body.csrfToken, forSession: this.token };
    return this.csrf.token;
  }

  async request<T = unknown>(method: Method, url: string, options: RequestOptions = {}): Promise<Reply<T>> {
    const safe = method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
    const headers: Record<string, string> = {};
    if (options.csrf ?? !safe) headers['x-csrf-token'] = await this.csrfToken();
    return this.send<T>(method, url, { ...options, headers: { ...headers, ...options.headers } });
  }

  /** A GET of a file (a PDF, a CSV, a ZIP, Tally's XML) with this browser's cookie: the reply as it came, unread. */
  download(url: string): Promise<LightMyRequestResponse> {
    return this.app.inject({ method: 'GET', url, headers: this.headers(), remoteAddress: this.ip });
  }

  private headers(options: RequestOptions = {}): Record<string, string> {
    const headers: Record<string, string> = { 'user-agent': this.userAgent, ...options.headers };
    if (this.token && !options.anonymous) headers.cookie = `${SESSION_COOKIE_NAME}=${this.token}`;
    return headers;
  }

  private async send<T>(method: Method, url: string, options: RequestOptions = {}): Promise<Reply<T>> {
    const headers = this.headers(options);
    const raw = await this.app.inject({ method, url, payload: options.payload, headers, remoteAddress: this.ip });
    const set = raw.cookies.find((c) => c.name === SESSION_COOKIE_NAME);
    if (set) this.token = set.value === '' ? undefined : set.value;
    let body: unknown = undefined;
    if (method !== 'HEAD') {
      expect(raw.headers['content-type'], `${method} ${url}: ${raw.body}`).toMatch(/^application\/json/);
      body = raw.json();
    }
    return { status: raw.statusCode, headers: raw.headers, body: body as T, raw };
  }

  get<T = unknown>(url: string, options?: RequestOptions) {
    return this.request<T>('GET', url, options);
  }

  post<T = unknown>(url: string, payload?: InjectOptions['payload'], options?: RequestOptions) {
    return this.request<T>('POST', url, { ...options, payload });
  }

  async status(): Promise<AuthStatus> {
    const response = await this.get<AuthStatus>('/api/auth/status');
    expect(response.status).toBe(200);
    return response.body;
  }

  login(username: string, password: string) {
    return this.post<{ user: PublicUser; requiresTwoFactor: boolean; message?: string }>('/api/auth/login', {
      username,
      password,
    });
  }

  /** Signs in and expects it to work (code still pending when the account uses two-factor). */
  async signIn(username: string, password: string): Promise<{ user: PublicUser; requiresTwoFactor: boolean }> {
    const response = await this.login(username, password);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  }

  verify(token: string) {
    return this.post<{ user: PublicUser; message?: string }>('/api/auth/verify-2fa', { token });
  }

  logout() {
    return this.post<{ message: string }>('/api/auth/logout');
  }
}

/** A password that passes every rule (registration and change-password) and is on no common list. */
export const STRONG_PASSWORD = 'Palm-Leaf#Kochi42';
export const OTHER_STRONG_PASSWORD = 'Coir-Rope&Alleppey97';

export interface AccountSpec {
  username: string;
  password?: string;
  role?: Role;
  email?: string;
  firstName?: string;
  lastName?: string;
}

/** Creates an account the way the operator CLI does (UserService), e.g. an administrator. */
export async function createAccount(
  services: Services,
  spec: AccountSpec,
): Promise<{ id: number; username: string; password: string }> {
  const password = spec.password ?? STRONG_PASSWORD;
  const row = await services.users.create({
    username: spec.username,
    email: spec.email ?? `${spec.username.toLowerCase()}@example.in`,
    password,
    firstName: spec.firstName ?? 'Test',
    lastName: spec.lastName ?? 'Account',
    role: spec.role ?? 'user',
  });
  return { id: row.id, username: row.username, password };
}

/** Where an account is made and a browser signs in: the app and its services (a TestApp will do). */
export interface AccountsApp {
  app: FastifyInstance;
  services: Services;
}

/** A new account and a browser of its own signed in to it (its code still pending if two-factor is on). */
export async function signedIn(
  { app, services }: AccountsApp,
  spec: AccountSpec,
  browser: { ip?: string; userAgent?: string } = {},
): Promise<Client> {
  const account = await createAccount(services, spec);
  const client = new Client(app, browser);
  await client.signIn(account.username, account.password);
  return client;
}

/** Three browsers: an administrator (staff_admin) and a customer (plain_user), both signed in, and a visitor. */
export async function adminUserAndVisitor(
  app: FastifyInstance,
  services: Services,
): Promise<{ admin: Client; user: Client; visitor: Client }> {
  const admin = await signedIn({ app, services }, { username: 'staff_admin', role: 'admin' });
  const user = await signedIn({ app, services }, { username: 'plain_user' });
  return { admin, user, visitor: new Client(app) };
}

/** The exact keys of PublicUser: nothing secret (hash, two-factor secret, backup codes) may leak. */
export const PUBLIC_USER_KEYS = ['email', 'firstName', 'id', 'lastName', 'role', 'twoFactorEnabled', 'username'];

/** The seven status flags of GET /api/auth/status. */
export const STATUS_KEYS = [
  'authenticated',
  'isAdmin',
  'pendingTwoFactor',
  'requiresTwoFactor',
  'twoFactorEnabled',
  'twoFactorVerified',
  'user',
];
