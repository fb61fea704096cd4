// `tester hlr-sim`: a scriptable HLR / VLR / MSC / SMSC and gsmSCF USSD menu on one sigtran gateway instance.
import type { CliCommand } from '../../../sdk/index.js';
import { runSimulator, SIMULATOR_OPTIONS } from '../../sigtran/gateway/simulator.js';
import type { MapOptions } from '../options.js';
import { startHlrSim } from './engine.js';
import { DEFAULT_USSD, loadScript, parseScript, type HlrSimScript } from './script.js';

const HELP = `Usage: tester hlr-sim [options]

A scriptable MAP peer over M3UA/TCP or M3UA/SCTP (docs/plugins/map.md "hlr-sim"). By default it listens on
127.0.0.1:2906 as an M3UA SGP with point code 2 and SSN 6, and answers every TCAP Begin that opens with a MAP
operation, whatever the called SSN, from its subscriber table:
  HLR   AnyTimeInterrogation (anyTimeInfoEnquiryContext v3), SendRoutingInfo (locationInfoRetrievalContext v3),
        SendRoutingInfoForSM (shortMsgGatewayContext v2/v3)
  VLR   ProvideSubscriberInfo (subscriberInfoEnquiryContext v3)
  MSC   MT-ForwardSM (shortMsgMT-RelayContext v2 forwardSM / v3 mt-forwardSM)
  SMSC  MO-ForwardSM (shortMsgMO-RelayContext v2/v3)
  gsmSCF ProcessUnstructuredSS-Request (networkUnstructuredSsContext v2): the USSD menu; a network-initiated
        UnstructuredSS-Request / -Notify is answered as the handset

Options:
  --script FILE         the subscriber table and USSD menu (JSON); default: no subscriber, the default menu
${SIMULATOR_OPTIONS}
Prints "hlr-sim listening on HOST:PORT" (or "connecting to ...") on stdout when ready; on SIGINT/SIGTERM it prints
its statistics as one JSON line and exits 0.`;

export const hlrSimCommand: CliCommand<MapOptions> = {
  description: 'Run a scriptable HLR/VLR/MSC/SMSC and USSD menu (MAP) over M3UA/TCP or M3UA/SCTP',
  help: HELP,
  run(args) {
    let script: HlrSimScript = parseScript({ ussd: DEFAULT_USSD });
    return runSimulator({
      name: 'hlr-sim',
      help: HELP,
      defaults: { listen: '127.0.0.1:2906', opc: 2, dpc: 1, ssn: 6 },
      options: ['--script'],
      prepare(o) {
        if (o['--script']) script = loadScript(o['--script']);
      },
      start(gw, ctx) {
        const sim = startHlrSim(gw, script, ctx);
        return { stats: () => ({ ...sim.stats }), stop: () => sim.stop() };
      },
    }, args);
  },
};
