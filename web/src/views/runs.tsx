// Placeholder of the Runs view (issue 24): replaced by its implementation.
export function RunsView({ runId }: { runId?: string }) {
  return (
    <section>
      <h1>Runs</h1>
      <p class="muted">{runId}</p>
    </section>
  );
}
