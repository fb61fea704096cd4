// The client's one way to the service: fetch() against the HTTP API of the `http` built-in (docs/web.md), with the
// bearer token when the service requires one. A 401 tells the listeners (the shell asks for the token) and throws.

/** An answer of the HTTP API that is not a success: the HTTP status, the catalogue code when the body gave one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | undefined,
    message: string,
  ) {
    super(message);
  }
}

const TOKEN_KEY = 'tester-token';
let token: string | undefined = sessionStorage.getItem(TOKEN_KEY) ?? undefined;
const unauthorizedListeners = new Set<() => void>();

/** Keep the token for this browser tab's session (sessionStorage: gone when the tab closes). */
export function setToken(value: string | undefined): void {
  token = value || undefined;
  if (token) sessionStorage.setItem(TOKEN_KEY, token);
  else sessionStorage.removeItem(TOKEN_KEY);
}

/** Called whenever the service answers 401; returns the unsubscribe function. */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** The headers every API request carries. */
export function authHeaders(): Record<string, string> {
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** Throws the ApiError of a response that is not ok (after telling the 401 listeners). */
export async function checkResponse(res: Response): Promise<Response> {
  if (res.ok) return res;
  if (res.status === 401) for (const l of unauthorizedListeners) l();
  let code: number | undefined;
  let message = `${res.status} ${res.statusText}`;
  try {
    const body = (await res.json()) as { error?: { code?: number; message?: string } };
    code = body.error?.code;
    if (body.error?.message) message = body.error.message;
  } catch {
    // not JSON: the status line says it
  }
  throw new ApiError(res.status, code, message);
}

/** A JSON request to the API; resolves with the parsed body. */
export async function requestJson<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const headers: Record<string, string> = { ...authHeaders(), accept: 'application/json' };
  const init: RequestInit = { method, headers, signal };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const res = await checkResponse(await fetch(path, init));
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
