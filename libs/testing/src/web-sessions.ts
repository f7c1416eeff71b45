import { BrowserContext, Page } from 'playwright-core';
import { TEST_OPS_TOKEN } from './fleet';

/** An API answer as the session tests read it: status, headers and the JSON body (the error envelope when it failed). */
export interface SessionResponse {
  status: number;
  headers: Headers;
  body: Record<string, unknown> & { error?: { code?: string; param?: string } };
}

/**
 * Exchanges a bearer token (a driver's, the operator's) for a session at `path` (POST /v1/driver/sessions,
 * POST /v1/ops/sessions), as the driver app and the console do: the answer, its Set-Cookie and the cookie to send back.
 */
export async function signInWithToken(baseUrl: string, path: string, token: string): Promise<SessionResponse & { setCookie: string; cookie: string }> {
  const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  const setCookie = response.headers.get('set-cookie') ?? '';
  return { status: response.status, headers: response.headers, setCookie, cookie: setCookie.split(';')[0], body: (await response.json()) as SessionResponse['body'] };
}

/** A call made with a session cookie (and the CSRF token when given), as the web apps make theirs. */
export async function callWithSession(baseUrl: string, method: string, path: string, cookie: string, csrf?: string, body?: unknown): Promise<SessionResponse> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { cookie, ...(csrf ? { 'x-csrf-token': csrf } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as SessionResponse['body'] };
}

/** A page of the operator console (at `baseUrl`/ops/) in `context`, signed in with the test operator token, on its first page. */
export async function signedInOpsConsole(context: BrowserContext, baseUrl: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/ops/`);
  await page.getByLabel('Operator token').fill(TEST_OPS_TOKEN);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Stuck and late deliveries', level: 1 }).waitFor({ timeout: 15000 });
  return page;
}
