// The definition as JSON text: CodeMirror 6 with JSON syntax, completion from the definition schema and the
// problems of the definition as inline diagnostics at their line (the same messages the steps view shows at their
// fields). Typing updates the draft whenever the text parses; a change made in the steps view replaces the text.
import { useEffect, useRef } from 'preact/hooks';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter, drawSelection } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json, jsonParseLinter } from '@codemirror/lang-json';
import { linter, lintGutter, forceLinting, type Diagnostic } from '@codemirror/lint';
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { bracketMatching, indentOnInput, syntaxHighlighting, defaultHighlightStyle } from '@codemirror/language';
import type { Describe } from '../api/types.js';
import type { Definition } from '../state/draft.js';
import { definitionCompletion } from './json-completion.js';
import { locate } from './json-locate.js';
import { parsePath } from './paths.js';
import type { Problem } from './validate.js';

interface Props {
  describe: Describe;
  definition: Definition;
  problems: readonly Problem[];
  /** A parsed text (an object), or the syntax error of one that does not parse. */
  onChange: (definition: Definition | undefined, syntaxError?: string) => void;
}

const definitionText = (d: Definition) => JSON.stringify(d, null, 2);

/** The editor's frame, in the page's colours (custom properties reach into the shadow root). */
const THEME = EditorView.theme({
  '&': { border: '1px solid #7a8594', borderRadius: '4px', minHeight: '320px', maxHeight: '70vh', fontSize: '13px', background: '#ffffff' },
  '&.cm-focused': { outline: '3px solid var(--focus)' },
  '.cm-scroller': { overflow: 'auto', fontFamily: "ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace" },
  '.cm-gutters': { background: 'var(--panel)', color: 'var(--muted)' },
});

export function JsonEditor({ describe, definition, problems, onChange }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | undefined>(undefined);
  const applying = useRef(false);
  const emitted = useRef<Definition | undefined>(undefined);
  const latest = useRef({ problems, onChange });
  latest.current = { problems, onChange };

  useEffect(() => {
    const syntax = jsonParseLinter();
    const diagnostics = (v: EditorView): Diagnostic[] => {
      const found = syntax(v);
      if (found.length) return found;
      const text = v.state.doc.toString();
      return latest.current.problems.map((p) => ({ ...locate(text, parsePath(p.path)), severity: 'error', message: `${p.path}: ${p.message}` }));
    };
    const emit = EditorView.updateListener.of((u) => {
      if (!u.docChanged || applying.current) return;
      const text = u.state.doc.toString();
      try {
        const value: unknown = JSON.parse(text);
        if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('a definition is a JSON object');
        emitted.current = value as Definition;
        latest.current.onChange(value as Definition);
      } catch (e) {
        latest.current.onChange(undefined, (e as Error).message);
      }
    });
    // In a shadow root CodeMirror's styles are constructed style sheets: a <style> element in the document would be
    // refused by the service's Content-Security-Policy (style-src 'self', no nonce).
    const shadow = host.current!.shadowRoot ?? host.current!.attachShadow({ mode: 'open' });
    const parent = document.createElement('div');
    shadow.replaceChildren(parent);
    view.current = new EditorView({
      root: shadow,
      parent,
      state: EditorState.create({
        doc: definitionText(definition),
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          highlightActiveLine(),
          drawSelection(),
          history(),
          indentOnInput(),
          bracketMatching(),
          closeBrackets(),
          syntaxHighlighting(defaultHighlightStyle),
          keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...completionKeymap]),
          json(),
          lintGutter(),
          linter(diagnostics, { delay: 250 }),
          autocompletion({ override: [definitionCompletion(describe)] }),
          THEME,
          EditorView.contentAttributes.of({ 'aria-label': 'Definition as JSON', 'aria-describedby': 'json-help' }),
          emit,
        ],
      }),
    });
    return () => view.current?.destroy();
  }, [describe]);

  // A change that did not come from this editor (the steps view, the library): show it.
  useEffect(() => {
    const v = view.current;
    if (!v || definition === emitted.current) return;
    emitted.current = definition;
    applying.current = true;
    v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: definitionText(definition) } });
    applying.current = false;
  }, [definition]);

  useEffect(() => {
    if (view.current) forceLinting(view.current);
  }, [problems]);

  return (
    <div class="json-editor">
      <p id="json-help" class="muted">
        Ctrl-Space completes field names and values from the definition schema; problems are underlined at their line (hover or the gutter shows the message). Tab leaves the editor.
      </p>
      <div ref={host} class="json-host" />
    </div>
  );
}
