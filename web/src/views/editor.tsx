// The definition editor (#/editor, #/editor/<library name>): the draft shown as steps (forms generated from the
// schemas) or as JSON (CodeMirror), both views of the same draft; its problems listed on top and shown at their
// fields; Start once / Start as load run (ExecuteTest, then the run's live view); Save to the library.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { library } from '../api/library.js';
import { rpc, RpcError } from '../api/rpc.js';
import { ApiError } from '../api/http.js';
import type { Describe } from '../api/types.js';
import { navigate } from '../app/route.js';
import { ProblemsAt } from '../editor/fields.js';
import { JsonEditor } from '../editor/json-editor.js';
import type { Operation } from '../editor/operation-card.js';
import { pathOfMessage } from '../editor/paths.js';
import { newRunId } from '../editor/run-id.js';
import { Settings } from '../editor/settings.js';
import { Steps } from '../editor/steps.js';
import { DefinitionChecker, type Problem } from '../editor/validate.js';
import { useDescribe } from '../state/describe.js';
import { setDefinition, setDraft, useDraft, type Definition } from '../state/draft.js';
import { ProblemList } from '../editor/problem-list.js';
import { SaveForm } from '../library/save-form.js';
import { Alert } from '../app/alert.js';

export function EditorView({ name }: { name?: string }) {
  const { describe, error } = useDescribe();
  const draft = useDraft();
  const [loadError, setLoadError] = useState<string>();
  useEffect(() => {
    if (!name || draft.name === name) return;
    library.open(name).then(
      (definition) => setDraft({ definition: definition as Definition, name }),
      (e: unknown) => setLoadError(e instanceof ApiError && e.status === 404 ? `The library has no definition named '${name}'.` : `Cannot open '${name}': ${(e as Error).message}`),
    );
  }, [name]);
  return (
    <section>
      <h1>Editor{draft.name ? <span class="muted"> — {draft.name}</span> : null}</h1>
      <Alert text={error ?? loadError} />
      {describe ? <Editor describe={describe} definition={draft.definition} name={draft.name} /> : error ? null : <p class="muted">Loading the operation types…</p>}
    </section>
  );
}

function Editor({ describe, definition, name }: { describe: Describe; definition: Definition; name?: string }) {
  const checker = useMemo(() => new DefinitionChecker(describe), [describe]);
  const [mode, setMode] = useState<'steps' | 'json'>('steps');
  const [syntaxError, setSyntaxError] = useState<string>();
  const [serverProblem, setServerProblem] = useState<Problem>();
  const problems = useMemo(() => checker.check(definition), [checker, definition]);
  useEffect(() => setServerProblem(undefined), [definition]);
  const all = serverProblem ? [...problems, serverProblem] : problems;
  const byPath = useMemo(() => {
    const m = new Map<string, string[]>();
    for (const p of all) m.set(p.path, [...(m.get(p.path) ?? []), p.message]);
    return m;
  }, [all]);
  const set = (key: string, value: unknown) => {
    const next = { ...definition };
    if (value === undefined) delete next[key];
    else next[key] = value;
    setDefinition(next);
  };
  return (
    <ProblemsAt.Provider value={byPath}>
      <StartBar definition={definition} name={name} blocked={problems.length > 0 || Boolean(syntaxError)} onProblem={setServerProblem} />
      <SaveForm definition={definition} name={name} disabled={Boolean(syntaxError)} />
      <Alert text={syntaxError && `The JSON does not parse: ${syntaxError}. The steps view shows the last text that did.`} />
      <ProblemList problems={all} onShow={(p) => showField(p, mode)} />
      <div class="row view-switch" role="group" aria-label="View">
        <button type="button" aria-pressed={mode === 'steps'} onClick={() => setMode('steps')}>
          Steps
        </button>
        <button type="button" aria-pressed={mode === 'json'} onClick={() => setMode('json')}>
          JSON
        </button>
      </div>
      {mode === 'steps' ? (
        <div class="steps-view">
          <Steps describe={describe} operations={(definition.operations ?? []) as Operation[]} onChange={(ops) => set('operations', ops)} />
          <Settings describe={describe} definition={definition} onChange={set} />
        </div>
      ) : (
        <JsonEditor
          describe={describe}
          definition={definition}
          problems={all}
          onChange={(d, e) => {
            setSyntaxError(e);
            if (d) setDefinition(d);
          }}
        />
      )}
    </ProblemsAt.Provider>
  );
}

/** Focus the field of a problem in the steps view (the JSON view shows it at its line). */
function showField(p: Problem, mode: string): void {
  if (mode !== 'steps') return;
  const all = [...document.querySelectorAll<HTMLElement>('[data-path]')];
  const exact = all.find((e) => e.dataset.path === p.path && /^(INPUT|SELECT|TEXTAREA)$/.test(e.tagName));
  const near = exact ?? all.filter((e) => p.path.startsWith(e.dataset.path ?? '\0')).at(-1);
  const target = near && !/^(INPUT|SELECT|TEXTAREA)$/.test(near.tagName) ? (near.querySelector<HTMLElement>('input, select, textarea, button') ?? near) : near;
  target?.scrollIntoView({ block: 'center' });
  target?.focus();
}

function StartBar({ definition, name, blocked, onProblem }: { definition: Definition; name?: string; blocked: boolean; onProblem: (p: Problem | undefined) => void }) {
  const [runId, setRunId] = useState(() => newRunId(name));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string>();
  const d = definition.distribution as { type?: string } | undefined;
  const load = d?.type === 'load' || d?.type === 'linear';
  const start = async (asLoad: boolean) => {
    setBusy(true);
    setMessage(undefined);
    const params = { ...definition, run_id: runId.trim(), ...(asLoad ? {} : { distribution: { type: 'single' } }) };
    try {
      await rpc('ExecuteTest', params);
      setRunId(newRunId(name));
      navigate('runs', params.run_id);
    } catch (e) {
      const text = (e as Error).message;
      const path = pathOfMessage(text);
      onProblem(path ? { path, message: text.slice(path.length + 2) } : undefined);
      setMessage(`The service refused the run${e instanceof RpcError ? ` (${e.code})` : ''}: ${text}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="panel start-bar">
      <div class="row">
        <label for="run-id">Run id</label>
        <input id="run-id" type="text" value={runId} onInput={(e) => setRunId((e.target as HTMLInputElement).value)} />
        <button type="button" class="primary" disabled={blocked || busy || !runId.trim()} onClick={() => start(false)}>
          Start once
        </button>
        <button type="button" class="primary" disabled={blocked || busy || !runId.trim() || !load} onClick={() => start(true)} title={load ? undefined : 'Set a load or linear distribution in the run settings'}>
          Start as load run
        </button>
      </div>
      {blocked ? <p class="muted">A definition with problems cannot start: fix the fields listed below.</p> : null}
      {!load ? <p class="muted">Start as load run needs a load or linear distribution (Run settings).</p> : null}
      <Alert text={message} />
    </div>
  );
}
