// The run settings in the steps view: the distribution (with the cps ramp of a linear run), vars, locks,
// thresholds, data sets and seed, trace settings, the gateway instance per kind (from ListTests) and the protocol
// params the plugins declare (scp, ssp_ac, ...), each a form generated from its schema in the composed params schema.
import { useEffect, useState } from 'preact/hooks';
import type { Describe, GatewayLine, JsonSchema, ListTestsAnswer } from '../api/types.js';
import { rpc } from '../api/rpc.js';
import type { Definition } from '../state/draft.js';
import { ChoiceField, TextField } from './fields.js';
import { SchemaField } from './object-fields.js';

interface Props {
  describe: Describe;
  definition: Definition;
  onChange: (key: string, value: unknown) => void;
}

const CORE_FORMS = ['trace_level', 'trace_messages', 'turbo'];
/** The data sets (JSON text: a map of sets) and the seed of the run's randomness. */
const DATA_FORMS = ['data', 'seed'];

export function Settings({ describe, definition, onChange }: Props) {
  const props = describe.params_schema.properties ?? {};
  const protocol = describe.params.filter((p) => p.plugin !== 'core' && !p.gateway && !p.pattern && props[p.name]);
  const selectors = describe.params.filter((p) => p.gateway && !p.pattern);
  return (
    <section aria-labelledby="settings-title" class="settings">
      <h2 id="settings-title">Run settings</h2>
      <Distribution schema={props.distribution ?? {}} value={definition.distribution} onChange={(v) => onChange('distribution', v)} />
      <Vars value={definition.vars} onChange={(v) => onChange('vars', v)} />
      <SchemaField name="locks" schema={props.locks ?? {}} value={definition.locks} path={['locks']} onChange={(v) => onChange('locks', v)} />
      <SchemaField name="thresholds" schema={props.thresholds ?? {}} value={definition.thresholds} path={['thresholds']} onChange={(v) => onChange('thresholds', v)} />
      {DATA_FORMS.filter((k) => props[k]).map((k) => (
        <SchemaField key={k} name={k} schema={props[k]!} value={definition[k]} path={[k]} onChange={(v) => onChange(k, v)} />
      ))}
      <fieldset class="nested">
        <legend>Trace</legend>
        {CORE_FORMS.filter((k) => props[k]).map((k) => (
          <SchemaField key={k} name={k} schema={props[k]!} value={definition[k]} path={[k]} onChange={(v) => onChange(k, v)} />
        ))}
      </fieldset>
      <Gateways kinds={selectors.map((p) => p.gateway!)} definition={definition} onChange={onChange} />
      {protocol.length ? (
        <fieldset class="nested">
          <legend>Protocol params</legend>
          {protocol.map((p) => (
            <SchemaField key={p.name} name={p.name} schema={{ description: p.description, ...props[p.name]! }} value={definition[p.name]} path={[p.name]} onChange={(v) => onChange(p.name, v)} />
          ))}
        </fieldset>
      ) : null}
    </section>
  );
}

type Obj = Record<string, unknown>;

function Distribution({ schema, value, onChange }: { schema: JsonSchema; value: unknown; onChange: (v: unknown) => void }) {
  const d = (value ?? {}) as Obj;
  const p = schema.properties ?? {};
  const type = (d.type as string | undefined) ?? 'single';
  const set = (k: string, v: unknown) => {
    const out = { ...d };
    if (v === undefined) delete out[k];
    else out[k] = v;
    onChange(Object.keys(out).length ? out : undefined);
  };
  const cps = (typeof d.cps === 'number' ? { rate: d.cps } : (d.cps ?? {})) as Obj;
  const cpsSchema = (p.cps?.anyOf?.find((a) => a.properties) ?? {}) as JsonSchema;
  const setCps = (k: string, v: unknown) => {
    const out = { ...cps };
    if (v === undefined) delete out[k];
    else out[k] = v;
    set('cps', Object.keys(out).length ? out : undefined);
  };
  return (
    <fieldset class="nested" data-path="distribution">
      <legend>Distribution</legend>
      <ChoiceField name="type" schema={p.type ?? {}} value={d.type} path={['distribution', 'type']} onChange={(v) => set('type', v)} />
      {type !== 'single' ? (
        <>
          <TextField name="total" schema={p.total ?? {}} value={d.total} path={['distribution', 'total']} required onChange={(v) => set('total', v)} />
          <TextField name="backlog" schema={p.backlog ?? {}} value={d.backlog} path={['distribution', 'backlog']} onChange={(v) => set('backlog', v)} />
        </>
      ) : null}
      {type === 'linear' ? (
        <fieldset class="nested" data-path="distribution.cps">
          <legend class="required">cps (target rate and ramp)</legend>
          {Object.entries(cpsSchema.properties ?? {}).map(([k, s]) => (
            <SchemaField key={k} name={k} schema={s} value={cps[k]} path={['distribution', 'cps', k]} required={k === 'rate'} onChange={(v) => setCps(k, v)} />
          ))}
        </fieldset>
      ) : null}
    </fieldset>
  );
}

/** vars: name → value (a value may be an expression over $n, $g and earlier vars). */
function Vars({ value, onChange }: { value: unknown; onChange: (v: unknown) => void }) {
  const vars = (value && typeof value === 'object' ? value : {}) as Obj;
  const [name, setName] = useState('');
  const entries = Object.entries(vars);
  const put = (k: string, v: unknown) => {
    const out = { ...vars };
    if (v === undefined) delete out[k];
    else out[k] = v;
    onChange(Object.keys(out).length ? out : undefined);
  };
  return (
    <fieldset class="nested" data-path="vars">
      <legend>vars</legend>
      <p class="field-desc muted">Per-instance variables ($v.name); a value may be an expression, e.g. {"{ '0211' + $n }"}.</p>
      {entries.map(([k, v]) => (
        <div class="field-row" key={k}>
          <TextField name={k} schema={{}} value={v} path={['vars', k]} onChange={(x) => put(k, x ?? '')} />
          <button type="button" class="small" aria-label={`Remove var ${k}`} onClick={() => put(k, undefined)}>
            Remove
          </button>
        </div>
      ))}
      <div class="row">
        <label for="new-var">New var name</label>
        <input id="new-var" type="text" value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        <button type="button" disabled={!name.trim() || name.trim() in vars} onClick={() => (put(name.trim(), ''), setName(''))}>
          Add var
        </button>
      </div>
    </fieldset>
  );
}

/** One choice per gateway kind: the instance the run uses (ListTests lists them), or the configured default. */
function Gateways({ kinds, definition, onChange }: { kinds: string[]; definition: Definition; onChange: (key: string, value: unknown) => void }) {
  const [gateways, setGateways] = useState<GatewayLine[]>([]);
  useEffect(() => {
    rpc<ListTestsAnswer>('ListTests').then((a) => setGateways(a.gateways), () => setGateways([]));
  }, []);
  const shown = kinds.filter((k) => gateways.some((g) => g.kind === k));
  if (!shown.length) return null;
  return (
    <fieldset class="nested">
      <legend>Gateways</legend>
      {shown.map((kind) => {
        const instances = gateways.filter((g) => g.kind === kind);
        const dflt = instances.find((g) => g.default)?.name;
        const choices = instances.map((g) => ({ const: g.name, title: `${g.name} (${g.state})` }));
        return (
          <ChoiceField key={kind} name={kind} schema={{ anyOf: choices, description: `The ${kind} gateway instance for this run; not set: the default${dflt ? ` (${dflt})` : ''}` }} value={definition[kind]} path={[kind]} onChange={(v) => onChange(kind, v)} />
        );
      })}
    </fieldset>
  );
}
