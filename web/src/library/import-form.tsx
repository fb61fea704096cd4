// Import capture (the library view): a pcap or pcapng uploaded to the service's import with the options of
// `tester import`; each definition it gives is saved in the library under its name and the first opens in the
// editor. When nothing was imported the frames and why are listed, and nothing is saved (docs/web.md "Library").
import { useState } from 'preact/hooks';
import { importCapture, library, type CaptureImport } from '../api/library.js';
import { navigate } from '../app/route.js';
import { setDraft, type Definition } from '../state/draft.js';

/** The capture's file name without its extension, as a library name (docs/import.md: `<name>-<n>`). */
function baseName(file: string): string {
  const base = file.replace(/\.[^.]*$/, '').replace(/[^A-Za-z0-9_.-]/g, '_').replace(/^[^A-Za-z0-9]+/, '');
  return (base || 'capture').slice(0, 64);
}

export function ImportForm({ onSaved }: { onSaved: (text: string) => void }) {
  const [file, setFile] = useState<File>();
  const [options, setOptions] = useState<Record<string, string>>({ role: '', msisdn: '', service_key: '', strict: '', together: '' });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [notes, setNotes] = useState<CaptureImport['notes']>([]);
  const set = (k: string, v: string) => setOptions({ ...options, [k]: v });
  const submit = async () => {
    if (!file) return;
    setBusy(true);
    setProblem(undefined);
    setNotes([]);
    try {
      const r = await importCapture(file, { ...options, name: baseName(file.name) });
      if (!r.definitions.length) {
        setProblem(`Nothing imported: ${r.summary}`);
        setNotes(r.notes);
        return;
      }
      for (const d of r.definitions) await library.save(d.name, d.definition);
      onSaved(`Imported ${r.definitions.map((d) => d.name).join(', ')} (${r.summary})`);
      const first = r.definitions[0]!;
      setDraft({ definition: first.definition as Definition, name: first.name });
      navigate('editor', first.name);
    } catch (e) {
      setProblem(`Import failed: ${(e as Error).message}`);
    } finally {
      setBusy(false);
    }
  };
  const text = (k: string, label: string, hint: string) => (
    <span>
      <label for={`import-${k}`}>{label}</label> <input id={`import-${k}`} type="text" placeholder={hint} value={options[k]} onInput={(x) => set(k, (x.target as HTMLInputElement).value.trim())} />
    </span>
  );
  const check = (k: string, label: string) => (
    <span>
      <input id={`import-${k}`} type="checkbox" checked={options[k] === 'true'} onChange={(x) => set(k, (x.target as HTMLInputElement).checked ? 'true' : '')} /> <label for={`import-${k}`}>{label}</label>
    </span>
  );
  return (
    <form class="import-form" onSubmit={(x) => (x.preventDefault(), void submit())}>
      <p class="row">
        <label for="import-file">Capture (pcap, pcapng)</label>{' '}
        <input id="import-file" type="file" accept=".pcap,.pcapng,.cap" onChange={(x) => setFile((x.target as HTMLInputElement).files?.[0])} />
      </p>
      <p class="row">
        {text('role', 'Role', 'opener, answerer, ssp, scp, hlr…')} {text('msisdn', 'MSISDN', '+4917…')} {text('service_key', 'Service key', '100')}{' '}
        {check('strict', 'Check every field')} {check('together', 'One definition')}
      </p>
      <button type="submit" disabled={!file || busy}>
        {busy ? 'Importing…' : 'Import capture'}
      </button>
      {problem ? (
        <p class="fail" role="status">
          {problem}
        </p>
      ) : null}
      {notes.length ? (
        <ul class="import-notes" aria-label="Frames not imported">
          {notes.map((n) => (
            <li key={`${n.frame}-${n.why}`}>
              <span class="mono">frame {n.frame}</span>: {n.why}
            </li>
          ))}
        </ul>
      ) : null}
    </form>
  );
}
