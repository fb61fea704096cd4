// MAP MO-ForwardSM against `tester hlr-sim` (as the SMSC: shortMsgMO-RelayContext v3) over M3UA/TCP:
// examples/map/sms-mo.json's operations: TCAP Begin with the MO-ForwardSM (an SMS-SUBMIT TPDU), End with its result.
import type { BenchPath } from './path.js';
import { mapSetup } from './map.js';
import { exampleOperations } from './service.js';

export const mapMoFsmPath: BenchPath = {
  id: 'map-mo-fsm',
  title: 'MAP MO-ForwardSM → result, vs tester hlr-sim as the SMSC, M3UA/TCP',
  messagesPerInstance: 2,
  setup: (work) => mapSetup(work, exampleOperations('examples/map/sms-mo.json')),
};
