// MAP AnyTimeInterrogation against `tester hlr-sim` over M3UA/TCP: examples/map/ati-load.json's operations (the
// subscriber state of two subscribers, checked per instance): TCAP Begin with the ATI, End with its result.
import type { BenchPath } from './path.js';
import { mapSetup } from './map.js';
import { exampleOperations } from './service.js';

export const mapAtiPath: BenchPath = {
  id: 'map-ati',
  title: 'MAP AnyTimeInterrogation → result, vs tester hlr-sim, M3UA/TCP',
  messagesPerInstance: 2,
  setup: (work) => mapSetup(work, exampleOperations('examples/map/ati-load.json')),
};
