// The one place the service reaches a plugin's capture import (docs/import.md "Upload"): a plugin that imports
// captures returns a CaptureImporter from its setup (what it exports to dependents, LoadedPlugin.exports), and the
// HTTP built-in finds it there by its shape, naming no plugin. Protocol-free: bytes in, definitions and notes out.
import type { JsonObject } from '../core/api/json.js';

/** The options of `tester import`, by the names the HTTP endpoint's query takes (docs/import.md). */
export interface CaptureImportOptions {
  /** The capture's name: the definitions are named after it (`<name>-<n>`) and their descriptions cite it. */
  name: string;
  role?: string;
  strict?: boolean;
  together?: boolean;
  dialogue?: { index: number } | { otid: number };
  pc?: number;
  ssn?: number;
  ac?: string;
  serviceKey?: number;
  msisdn?: string;
  variant?: string;
}

export interface CaptureImportResult {
  /** One per dialogue or session (or one with `together`), named `<name>-<n>` (`<name>` with `together`). */
  definitions: Array<{ name: string; definition: JsonObject }>;
  /** Every frame not imported, with why. */
  notes: Array<{ frame: number; why: string }>;
  /** The counts line `tester import` prints. */
  summary: string;
}

export interface CaptureImporter {
  /** Throws (an Error whose message says why) when the bytes are no capture it can read. */
  importCapture(bytes: Uint8Array, options: CaptureImportOptions): CaptureImportResult;
}

/** Whether a plugin's exports offer a capture import. */
export function isCaptureImporter(x: unknown): x is CaptureImporter {
  return typeof x === 'object' && x !== null && typeof (x as { importCapture?: unknown }).importCapture === 'function';
}
