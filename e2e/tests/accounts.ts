import { expect, request, type APIRequestContext, type Page } from '@playwright/test';
import { outboxFiles, waitForLink } from './outbox';

// The demo data that `strata demo` seeds: client "demo" with one user per role, and a superuser.
export const DEMO_CLIENT = 'demo';
export const DEMO_CLIENT_TITLE = 'Demo organisation';
export type DemoRole = 'superuser' | 'admin' | 'editor' | 'student' | 'guest';
export const demoEmail = (role: DemoRole) => `${role}@demo.example.org`;
export const demoPassword = (role: DemoRole) => `demo-${role}`;

let counter = 0;

/** An address no earlier test (nor run) has used. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@e2e.example.org`.toLowerCase();
}

/** A short unique client name. */
export function uniqueClientName(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
}

/** Signs in through the login form, whatever its language, and waits to leave the login page. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/login$/);
}

export function signInAs(page: Page, role: DemoRole): Promise<void> {
  return signIn(page, demoEmail(role), demoPassword(role));
}

/** An API session of its own (no browser), e.g. to prepare data for a test. */
export async function apiAs(baseURL: string, email: string, password: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  const res = await api.post('/api/v1/auth/login', { data: { email, password, remember_me: false } });
  expect(res.status(), await res.text()).toBe(200);
  return api;
}

export function apiAsDemo(baseURL: string, role: DemoRole): Promise<APIRequestContext> {
  return apiAs(baseURL, demoEmail(role), demoPassword(role));
}

/** Invites an address to a client through the API; answers the server's status. */
export async function invite(api: APIRequestContext, client: string, email: string, role: string): Promise<number> {
  const res = await api.post(`/api/v1/clients/${client}/invitations`, { data: { email, role } });
  expect([200, 201], await res.text()).toContain(res.status());
  return res.status();
}

/**
 * Invites an address that has an account, and accepts as its owner (signed in with its password):
 * an invitation adds nobody before.
 */
export async function inviteAndAccept(
  baseURL: string,
  inviter: APIRequestContext,
  client: string,
  email: string,
  password: string,
  role: string,
): Promise<void> {
  const before = await outboxFiles(email);
  expect(await invite(inviter, client, email, role)).toBe(201);
  const token = new URL(await waitForLink(email, '/register', { exclude: before })).searchParams.get('token');
  const owner = await apiAs(baseURL, email, password);
  try {
    const res = await owner.post('/api/v1/auth/accept', { data: { token } });
    expect(res.status(), await res.text()).toBe(200);
  } finally {
    await owner.dispose();
  }
}

/** Invites a new address as the demo admin and returns the links of the invitation mail. */
export async function inviteNewAddress(baseURL: string, email: string, role = 'editor'): Promise<{ register: string; decline: string }> {
  const admin = await apiAsDemo(baseURL, 'admin');
  try {
    const before = await outboxFiles(email);
    expect(await invite(admin, DEMO_CLIENT, email, role)).toBe(201);
    const register = await waitForLink(email, '/register', { exclude: before });
    const decline = await waitForLink(email, '/decline', { exclude: before });
    return { register, decline };
  } finally {
    await admin.dispose();
  }
}

/** A new account in the demo client, made the way a person makes one: invited, then registered. */
export async function createAccount(baseURL: string, email: string, password: string, role = 'editor'): Promise<void> {
  const { register } = await inviteNewAddress(baseURL, email, role);
  const token = new URL(register).searchParams.get('token');
  expect(token).toBeTruthy();
  const api = await request.newContext({ baseURL });
  try {
    const res = await api.post('/api/v1/auth/register', {
      data: { token, password, password_confirmation: password },
    });
    expect(res.status(), await res.text()).toBe(200);
  } finally {
    await api.dispose();
  }
}
