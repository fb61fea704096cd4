// The web client's entry (docs/web.md): renders the shell into the page the service serves.
import { render } from 'preact';
import { Shell } from './app/shell.js';

render(<Shell />, document.getElementById('app')!);
