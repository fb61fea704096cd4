// The library (#/library): the definitions saved in the service's data directory (plain JSON files), each opened
// into the editor, renamed or deleted; and the example definitions offered as templates.
import { useEffect, useState } from 'preact/hooks';
import { library, type LibraryEntry, type Template } from '../api/library.js';
import { navigate } from '../app/route.js';
import { nameProblem } from '../library/names.js';
import { setDraft, type Definition } from '../state/draft.js';
import { ColumnHeads } from '../app/column-heads.js';
import { ImportForm } from '../library/import-form.js';

export function LibraryView() {
  const [entries, setEntries] = useState<LibraryEntry[]>();
  const [templates, setTemplates] = useState<Template[]>([]);
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();
  const refresh = () =>
    library.list().then(setEntries, (e: unknown) => {
      setEntries([]);
      setMessage({ ok: false, text: `Cannot list the library: ${(e as Error).message}` });
    });
  useEffect(() => {
    void refresh();
    library.templates().then(setTemplates, () => setTemplates([]));
  }, []);
  const act = async (what: string, f: () => Promise<unknown>) => {
    try {
      await f();
      setMessage({ ok: true, text: what });
    } catch (e) {
      setMessage({ ok: false, text: `${what} failed: ${(e as Error).message}` });
    }
    await refresh();
  };
  const open = async (name: string) => {
    try {
      setDraft({ definition: (await library.open(name)) as Definition, name });
      navigate('editor', name);
    } catch (e) {
      setMessage({ ok: false, text: `Cannot open ${name}: ${(e as Error).message}` });
    }
  };
  return (
    <section>
      <h1>Library</h1>
      <p class="muted">Definitions saved by name in the service's data directory (library/NAME.json): plain JSON files you can keep in git. Save one from the editor.</p>
      {message ? (
        <p class={message.ok ? 'pass' : 'fail'} role="status">
          {message.text}
        </p>
      ) : null}
      {entries === undefined ? <p class="muted">Loading…</p> : <Entries entries={entries} open={open} act={act} />}
      <h2>Import a capture</h2>
      <p class="muted">A pcap or pcapng of a call or a session becomes definitions (docs/import.md): saved here by the capture's name, the first opened in the editor.</p>
      <ImportForm onSaved={(text) => setMessage({ ok: true, text })} />
      <h2>Templates</h2>
      <Templates templates={templates} />
    </section>
  );
}

function Entries({ entries, open, act }: { entries: LibraryEntry[]; open: (n: string) => void; act: (what: string, f: () => Promise<unknown>) => Promise<void> }) {
  const [renaming, setRenaming] = useState<string>();
  const [to, setTo] = useState('');
  if (!entries.length) return <p class="muted">The library is empty.</p>;
  const problem = to ? nameProblem(to) : undefined;
  return (
    <table class="library">
      <caption class="sr-only">Saved definitions</caption>
      <ColumnHeads names={['Name', 'Modified', 'Size', 'Actions']} />
      <tbody>
        {entries.map((e) => (
          <tr key={e.name}>
            <td class="mono">{e.name}</td>
            <td>{new Date(e.modified).toLocaleString()}</td>
            <td>{e.bytes} B</td>
            <td class="row">
              <button type="button" aria-label={`Open ${e.name}`} onClick={() => open(e.name)}>
                Open
              </button>
              {renaming === e.name ? (
                <form class="row" onSubmit={(x) => (x.preventDefault(), setRenaming(undefined), void act(`Renamed ${e.name} to ${to}`, () => library.rename(e.name, to)))}>
                  <label for="rename-to">New name</label>
                  <input id="rename-to" type="text" value={to} aria-invalid={problem ? 'true' : undefined} onInput={(x) => setTo((x.target as HTMLInputElement).value)} />
                  <button type="submit" disabled={!to || Boolean(problem)}>
                    Rename
                  </button>
                  <button type="button" onClick={() => setRenaming(undefined)}>
                    Keep the name
                  </button>
                  {problem ? <span class="field-error">{problem}</span> : null}
                </form>
              ) : (
                <button type="button" aria-label={`Rename ${e.name}`} onClick={() => (setRenaming(e.name), setTo(e.name))}>
                  Rename
                </button>
              )}
              <button type="button" class="danger" aria-label={`Delete ${e.name}`} onClick={() => confirm(`Delete ${e.name} from the library?`) && void act(`Deleted ${e.name}`, () => library.remove(e.name))}>
                Delete
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Templates({ templates }: { templates: Template[] }) {
  if (!templates.length) return <p class="muted">No templates.</p>;
  const use = (t: Template) => {
    setDraft({ definition: structuredClone(t.definition) as Definition });
    navigate('editor');
  };
  return (
    <ul class="templates">
      {templates.map((t) => (
        <li key={t.name}>
          <button type="button" onClick={() => use(t)} aria-label={`Use template ${t.name}`}>
            Use
          </button>{' '}
          <span class="mono">{t.name}</span> <span class="muted">{t.title}</span>
        </li>
      ))}
    </ul>
  );
}
