// The Diameter paths' common parts: `tester diameter-ocs` as the OCS (listening on a free loopback port, the site
// dictionary of examples/diameter/plugins.json), the service's diameter instance `OCS` connecting to it, and the
// credit-control session of examples/diameter/ccr-load.json with each answer checked for DIAMETER_SUCCESS.
import { join } from 'node:path';
import { root } from '../processes.js';
import type { PathProcess } from './path.js';
import { readJson, startPeer } from './service.js';

/** ccr-load.json's vars and operations (CCR-Initial, CCR-Terminate), each answer required to be 2001 (the example checks
 *  none, so that it passes against any OCS). */
export function ccrSession(): { vars: Record<string, unknown>; operations: unknown[] } {
  const ex = readJson('examples/diameter/ccr-load.json') as { vars: Record<string, unknown>; operations: Array<{ arguments: Record<string, unknown> }> };
  return { vars: ex.vars, operations: ex.operations.map((op) => ({ ...op, arguments: { ...op.arguments, answer: { 'Result-Code': 'DIAMETER_SUCCESS' } } })) };
}

/** `tester diameter-ocs` on a free loopback port. */
export async function startOcs(): Promise<{ peer: PathProcess; port: number }> {
  return startPeer('diameter-ocs', ['diameter-ocs', '--listen', '127.0.0.1:0', '--quiet', '--config', join(root, 'examples/diameter/plugins.json')]);
}

/** The service's diameter plugin entry: one client-mode instance `OCS` to the OCS on `port`. */
export const diameterEntry = (port: number) => ({
  name: 'diameter',
  enabled: true,
  options: { instances: [{ name: 'OCS', host: '127.0.0.1', port, origin_host: 'tester.localdomain', origin_realm: 'localdomain', destination_realm: 'localdomain', applications: ['credit-control'] }] },
});
