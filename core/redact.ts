// Secrets never reach a client or a log: credentials in URLs (`scheme://user:password@host`, `?password=...`) and
// values under secret-looking keys are replaced by `***` in every view the service gives out (ListTests gateway
// details, log lines, the problem texts of a result). Plugins should not put secrets there in the first place
// (sdk `urlCredentials` takes them out of a configured URL); this is the net under them.

const MASK = '***';
const SECRET_KEY = /^(pass(word|wd|phrase)?|pwd|secret|client_secret|token|access_token|api_?key|auth(orization)?|private_key|key_pem)$/i;
const USERINFO = /(\b[a-z][a-z0-9+.-]*:\/\/)([^\s/@:]*):([^\s/@]*)@/gi;
const QUERY_SECRET = /([?&;](?:pass(?:word)?|pwd|secret|token|access_token|api_?key)=)([^&#\s]*)/gi;

/** A text with URL credentials and secret query parameters masked. */
export function redactText(text: string): string {
  if (!text.includes('@') && !text.includes('=')) return text;
  return text.replace(USERINFO, (_, scheme: string, user: string) => `${scheme}${user}:${MASK}@`).replace(QUERY_SECRET, `$1${MASK}`);
}

/** A copy of a JSON value with secret-keyed values masked and URL credentials masked in every string. */
export function redactJson<T>(value: T, depth = 0): T {
  if (depth > 64) return value;
  if (typeof value === 'string') return redactText(value) as T;
  if (Array.isArray(value)) return value.map((v) => redactJson(v, depth + 1)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) && v !== null && v !== undefined && v !== '' ? MASK : redactJson(v, depth + 1);
    return out as T;
  }
  return value;
}
