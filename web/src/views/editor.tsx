// Placeholder of the Editor view (issue 24): replaced by its implementation.
export function EditorView({ name }: { name?: string }) {
  return (
    <section>
      <h1>Editor</h1>
      <p class="muted">{name}</p>
    </section>
  );
}
