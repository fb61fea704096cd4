// Credentials written into a configured URL (`http://user:password@host/path`): taken out of the URL, so that
// what the plugin shows and logs is the bare URL, and handed to the plugin to use (or refuse) explicitly.
export interface UrlCredentials {
  /** The URL without its user information. */
  url: string;
  username?: string;
  password?: string;
}

export function urlCredentials(url: string): UrlCredentials {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { url };
  }
  if (!u.username && !u.password) return { url };
  const username = decodeURIComponent(u.username);
  const password = u.password ? decodeURIComponent(u.password) : undefined;
  u.username = '';
  u.password = '';
  return { url: u.toString(), username, ...(password !== undefined ? { password } : {}) };
}
