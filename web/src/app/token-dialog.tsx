// Asked when the service answers 401: the service was started with a token (--token-file) and this tab has none, or
// a wrong one. The token is kept for the tab's session only.
import { useEffect, useRef, useState } from 'preact/hooks';
import { onUnauthorized, setToken } from '../api/http.js';

export function TokenDialog() {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => onUnauthorized(() => setOpen(true)), []);
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);
  if (!open) return null;
  const submit = (e: Event) => {
    e.preventDefault();
    setToken(value.trim());
    setOpen(false);
    location.reload();
  };
  return (
    <div class="modal-backdrop">
      <div class="modal" role="dialog" aria-modal="true" aria-labelledby="token-title">
        <form onSubmit={submit}>
        <h2 id="token-title">This service needs its token</h2>
        <p>It was started with a token (<code>tester serve --token-file</code>). Enter it to use the client; it is kept for this tab only.</p>
        <label>
          Token <input ref={input} type="password" autocomplete="off" value={value} onInput={(e) => setValue((e.target as HTMLInputElement).value)} />
        </label>
        <div class="actions">
          <button type="submit" class="primary" disabled={!value.trim()}>
            Use this token
          </button>
        </div>
        </form>
      </div>
    </div>
  );
}
