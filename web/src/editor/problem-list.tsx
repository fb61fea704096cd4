// The definition's problems above the editor: each names its field (the JSON path) and the service's message; a
// click (or Enter) goes to the field.
import type { Problem } from './validate.js';

export function ProblemList({ problems, onShow }: { problems: readonly Problem[]; onShow: (p: Problem) => void }) {
  if (!problems.length) return <p class="pass problems-none">No problems found: the definition can start.</p>;
  return (
    <div class="problems" role="region" aria-labelledby="problems-title">
      <h2 id="problems-title" class="fail">
        {problems.length} problem{problems.length > 1 ? 's' : ''}
      </h2>
      <ul>
        {problems.map((p, i) => (
          <li key={i}>
            <button type="button" class="link" onClick={() => onShow(p)}>
              <code>{p.path}</code>
            </button>
            : {p.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
