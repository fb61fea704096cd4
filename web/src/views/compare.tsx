// Placeholder of the Compare runs view (issue 24): replaced by its implementation.
export function CompareView({ a, b }: { a?: string; b?: string }) {
  return (
    <section>
      <h1>Compare runs</h1>
      <p class="muted">{a} {b}</p>
    </section>
  );
}
