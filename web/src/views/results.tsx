// Placeholder of the Results view (issue 24): replaced by its implementation.
export function ResultsView({ runId }: { runId: string }) {
  return (
    <section>
      <h1>Results</h1>
      <p class="muted">{runId}</p>
    </section>
  );
}
