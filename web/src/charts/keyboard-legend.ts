// uPlot's legend hides or shows a series when the label of its row is clicked: a mouse-only action. Each series'
// label (not the x axis's, the first row) becomes a toggle button that Tab reaches and Enter or Space presses (the
// same click), its state in aria-pressed.
export function keyboardLegend(container: Element): void {
  const rows = [...container.querySelectorAll<HTMLElement>('.u-legend .u-series')].slice(1);
  for (const row of rows) {
    const label = row.querySelector<HTMLElement>('th');
    if (!label || label.tabIndex === 0) continue;
    label.tabIndex = 0;
    label.setAttribute('role', 'button');
    const pressed = () => label.setAttribute('aria-pressed', String(!row.classList.contains('u-off')));
    pressed();
    label.addEventListener('click', () => queueMicrotask(pressed));
    label.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter' && e.key !== ' ') return;
      e.preventDefault();
      label.click();
    });
  }
}
