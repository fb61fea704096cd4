// `tester hlr-sim`: a scriptable HLR / VLR / MSC / SMSC / EIR and gsmSCF USSD menu on one sigtran gateway instance.
import { defineCommand, loadScript, simulatorOptions } from '../../../sdk/index.js';
import { runSigtranSimulator, sigtranOptions } from '../../sigtran/gateway/simulator.js';
import { startHlrSim } from './engine.js';
import { DEFAULT_USSD, parseScript, type HlrSimScript } from './script.js';

export const hlrSimCommand = defineCommand({
  description: 'Run a scriptable HLR/VLR/MSC/SMSC/EIR and USSD menu (MAP) over M3UA/TCP or M3UA/SCTP',
  help: `A scriptable MAP peer over M3UA/TCP or M3UA/SCTP (docs/plugins/map.md "hlr-sim"). By default it listens on
127.0.0.1:2906 as an M3UA SGP with point code 2 and SSN 6, and answers every TCAP Begin that opens with a MAP
operation, whatever the called SSN, from its subscriber table:
  HLR   AnyTimeInterrogation (anyTimeInfoEnquiryContext v3), SendRoutingInfo (locationInfoRetrievalContext v1-v3),
        SendRoutingInfoForSM and ReportSM-DeliveryStatus (shortMsgGatewayContext: the message waiting data), ReadyForSM,
        UpdateLocation and RestoreData (InsertSubscriberData with the profile in the dialogue, then the result),
        UpdateGprsLocation (the PDP contexts), SendIMSI, SendAuthenticationInfo, PurgeMS, Register/Erase/Activate/
        Deactivate/InterrogateSS, AnyTimeSubscriptionInterrogation and AnyTimeModification (the O-CSI); of its own:
        CancelLocation to the old VLR (SSN 7) and AlertServiceCentre to waiting SMSCs (SSN 8) at --dpc
  EIR   CheckIMEI (the script's equipment list)
  VLR   ProvideSubscriberInfo (subscriberInfoEnquiryContext v3)
  MSC   MT-ForwardSM (shortMsgMT-RelayContext v2 forwardSM / v3 mt-forwardSM)
  SMSC  MO-ForwardSM (shortMsgMO-RelayContext v2/v3)
  gsmSCF ProcessUnstructuredSS-Request (networkUnstructuredSsContext v2): the USSD menu; a network-initiated
        UnstructuredSS-Request / -Notify is answered as the handset`,
  helpAfter: `Prints "hlr-sim listening on HOST:PORT" (or "connecting to ...") on stdout when ready; on SIGINT/SIGTERM it prints
its statistics as one JSON line and exits 0.`,
  options: {
    script: { value: 'FILE', description: 'the subscriber table (profiles, vectors, SS states), equipment list and USSD menu (JSON or YAML); default: no subscriber, the default menu' },
    ...simulatorOptions({ listen: '127.0.0.1:2906' }),
    ...sigtranOptions({ opc: 2, dpc: 1, ssn: 6 }),
  },
  run(o) {
    return runSigtranSimulator(
      {
        name: 'hlr-sim',
        prepare: (): HlrSimScript => (o.script ? loadScript(o.script, parseScript) : parseScript({ ussd: DEFAULT_USSD })),
        start(gw, script, ctx) {
          const sim = startHlrSim(gw, script, ctx);
          return { stats: () => ({ ...sim.stats }), stop: () => sim.stop() };
        },
      },
      o,
    );
  },
});
