// The capture plugin: `tester import FILE.pcap[ng]` turns the dialogues of a capture into Test Definitions
// (docs/import.md). It registers no operation types; it reads captures with its own reader and decodes them with
// the sigtran plugin's decoders and the inap, map and diameter plugins' codecs. Its setup returns the import as a
// CaptureImporter (sdk), which the HTTP built-in finds among the plugins' exports (POST /api/import).
import { definePlugin, type CaptureImporter } from '../../sdk/index.js';
import { importCommand } from './command.js';
import { importCapture } from './import.js';

export default definePlugin({
  name: 'capture',
  version: '0.1.0',
  description: 'Test Definitions from captures: tester import FILE.pcap[ng] (INAP/CAMEL and MAP over M3UA or SUA, Diameter sessions)',
  dependencies: { sigtran: '^0.1.0', inap: '^0.1.0', map: '^0.1.0', diameter: '^0.1.0' },
  // what it exports is the service's way to an import (the HTTP built-in's upload: sdk CaptureImporter)
  setup: (): CaptureImporter => ({ importCapture }),
  commands: { import: importCommand },
});
