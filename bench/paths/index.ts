// The protocol paths `npm run bench` measures beside INAP over M3UA/TCP (issue 29), in order, and their selection by
// `--paths a,b`. A new path is a file of this folder exporting a BenchPath (path.ts) and one line in PATHS.
import type { BenchPath } from './path.js';
import { inapSctpPath } from './inap-sctp.js';
import { mapAtiPath } from './map-ati.js';
import { mapMoFsmPath } from './map-mo-fsm.js';
import { diameterOcsPath } from './diameter-ocs.js';
import { freeDiameterPath } from './freediameter.js';
import { mixedPath } from './mixed.js';

export const PATHS: BenchPath[] = [
  inapSctpPath,
  mapAtiPath,
  mapMoFsmPath,
  diameterOcsPath,
  freeDiameterPath,
  mixedPath,
];

/**
 * The paths `--paths` names (comma-separated ids, in the order given), or all of them without it. Throws naming an
 * unknown id and the known ones.
 */
export function selectPaths(all: readonly BenchPath[], spec: string | undefined): BenchPath[] {
  if (spec === undefined) return [...all];
  const ids = spec.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = ids.filter((id) => !all.some((p) => p.id === id));
  if (unknown.length || !ids.length) throw new Error(`--paths: ${unknown.length ? `no path ${unknown.join(', ')}` : 'no path named'}; the paths are ${all.map((p) => p.id).join(', ')}`);
  return [...new Set(ids)].map((id) => all.find((p) => p.id === id)!);
}
