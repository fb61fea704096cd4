// Placeholder of the History view (issue 24): replaced by its implementation.
export function HistoryView() {
  return <h1>History</h1>;
}
