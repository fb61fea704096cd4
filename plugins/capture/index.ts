// The capture plugin: `tester import FILE.pcap[ng]` turns the dialogues of a capture into Test Definitions
// (docs/import.md). It registers no operation types; it reads captures with its own reader and decodes them with
// the sigtran plugin's decoders and the inap, map and diameter plugins' codecs.
import { definePlugin } from '../../sdk/index.js';
import { importCommand } from './command.js';

export default definePlugin({
  name: 'capture',
  version: '0.1.0',
  description: 'Test Definitions from captures: tester import FILE.pcap[ng] (INAP/CAMEL and MAP over M3UA or SUA, Diameter sessions)',
  dependencies: { sigtran: '^0.1.0', inap: '^0.1.0', map: '^0.1.0', diameter: '^0.1.0' },
  setup() {},
  commands: { import: importCommand },
});
