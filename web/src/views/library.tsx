// Placeholder of the Library view (issue 24): replaced by its implementation.
export function LibraryView() {
  return <h1>Library</h1>;
}
