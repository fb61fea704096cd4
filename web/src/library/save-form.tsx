// Save the draft into the library under a name (the HTTP API's PUT /api/library/<name>).
import { useEffect, useState } from 'preact/hooks';
import { library } from '../api/library.js';
import { setDraft, type Definition } from '../state/draft.js';
import { nameProblem } from './names.js';

export function SaveForm({ definition, name, disabled }: { definition: Definition; name?: string; disabled: boolean }) {
  const [value, setValue] = useState(name ?? '');
  const [status, setStatus] = useState<{ ok: boolean; text: string }>();
  useEffect(() => setValue(name ?? ''), [name]);
  const problem = value ? nameProblem(value) : undefined;
  const save = async (e: Event) => {
    e.preventDefault();
    try {
      const { run_id: _drop, ...file } = definition;
      await library.save(value, file);
      setDraft({ definition, name: value });
      setStatus({ ok: true, text: `Saved as ${value}` });
    } catch (x) {
      setStatus({ ok: false, text: `Not saved: ${(x as Error).message}` });
    }
  };
  return (
    <form class="row save-form" onSubmit={save}>
      <label for="save-name">Library name</label>
      <input id="save-name" type="text" value={value} aria-invalid={problem ? 'true' : undefined} aria-describedby={problem ? 'save-name-err' : undefined} onInput={(e) => setValue((e.target as HTMLInputElement).value)} />
      <button type="submit" disabled={disabled || !value || Boolean(problem)}>
        Save to library
      </button>
      {problem ? (
        <span id="save-name-err" class="field-error">
          {problem}
        </span>
      ) : null}
      {status ? (
        <span class={status.ok ? 'pass' : 'fail'} role="status">
          {status.text}
        </span>
      ) : null}
    </form>
  );
}
