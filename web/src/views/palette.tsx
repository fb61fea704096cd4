// Placeholder of the Operations view (issue 24): replaced by its implementation.
export function PaletteView() {
  return <h1>Operations</h1>;
}
