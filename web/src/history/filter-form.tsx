// The history's filter form: state, a range of start dates, text of the run id. Every change filters at once.
import type { RunFilter } from './filter.js';

const STATES = ['running', 'completed', 'cancelled', 'aborted', 'interrupted'];

export function HistoryFilter({ value, onChange }: { value: RunFilter; onChange: (f: RunFilter) => void }) {
  const set = (key: keyof RunFilter) => (e: Event) => onChange({ ...value, [key]: (e.target as HTMLInputElement | HTMLSelectElement).value });
  return (
    <form class="row history-filter" role="search" aria-label="Filter the runs" onSubmit={(e) => e.preventDefault()}>
      <label>
        Run id contains
        <input type="search" name="text" value={value.text} onInput={set('text')} />
      </label>
      <label>
        State
        <select name="state" value={value.state} onChange={set('state')}>
          <option value="">any</option>
          {STATES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <label>
        Started from
        <input type="date" name="from" value={value.from} onInput={set('from')} />
      </label>
      <label>
        to
        <input type="date" name="to" value={value.to} onInput={set('to')} />
      </label>
    </form>
  );
}
