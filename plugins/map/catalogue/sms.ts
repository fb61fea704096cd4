// Rows of the MAP table (../catalogue.ts): the short message service (TS 29.002 §12, §17.6.5) — routing info (SMSC →
// HLR), MO and MT relay (MSC ↔ SMSC), and the delivery chain around a failed delivery: the SMSC reports the outcome
// to the HLR (reportSM-DeliveryStatus), the HLR tells the SMSC what it holds (informServiceCentre), the VLR/SGSN tells
// the HLR the subscriber is back (readyForSM) and the HLR alerts the SMSC (alertServiceCentre) to retry.
import type { MapOperation } from '../catalogue.js';

const GATEWAY_ERRORS = ['unknownSubscriber', 'callBarred', 'teleserviceNotProvisioned', 'absentSubscriberSM', 'facilityNotSupported', 'systemFailure', 'dataMissing', 'unexpectedDataValue'];

export const SMS_OPERATIONS: readonly MapOperation[] = [
  {
    name: 'SendRoutingInfoForSM', asn: 'sendRoutingInfoForSM', context: 'shortMsgGatewayContext',
    versions: {
      1: { opcode: 45, arg: 'RoutingInfoForSM-Arg-v1', res: 'RoutingInfoForSM-Res-v1' },
      2: { opcode: 45, arg: 'RoutingInfoForSM-Arg', res: 'RoutingInfoForSM-Res' },
      3: { opcode: 45, arg: 'RoutingInfoForSM-Arg', res: 'RoutingInfoForSM-Res' },
    },
    defaultVersion: 3, pairs: [['smsc', 'hlr']], errors: GATEWAY_ERRORS, endsDialogue: true,
  },
  {
    // v1/v2: `forwardSM` (46) carries MO and MT short messages; in v1 both run in shortMsgRelayContext-v1 (arc 21)
    name: 'MoForwardSM', asn: 'mo-forwardSM', context: 'shortMsgMO-RelayContext',
    versions: { 1: { opcode: 46, arg: 'ForwardSM-Arg' }, 2: { opcode: 46, arg: 'ForwardSM-Arg' }, 3: { opcode: 46, arg: 'MO-ForwardSM-Arg', res: 'MO-ForwardSM-Res' } },
    defaultVersion: 3, pairs: [['msc', 'smsc']], errors: ['systemFailure', 'unexpectedDataValue', 'facilityNotSupported', 'sm-DeliveryFailure'], endsDialogue: true, tpdu: 'mo',
  },
  {
    // mt-forwardSM (44) exists from v3; v2 has its own MT context, v1 shares the MO one (shortMsgRelayContext-v1)
    name: 'MtForwardSM', asn: 'mt-forwardSM', context: 'shortMsgMT-RelayContext',
    versions: {
      1: { opcode: 46, arg: 'ForwardSM-Arg', context: 'shortMsgMO-RelayContext' },
      2: { opcode: 46, arg: 'ForwardSM-Arg' },
      3: { opcode: 44, arg: 'MT-ForwardSM-Arg', res: 'MT-ForwardSM-Res' },
    },
    defaultVersion: 3, pairs: [['smsc', 'msc']],
    errors: ['systemFailure', 'dataMissing', 'unexpectedDataValue', 'facilityNotSupported', 'unidentifiedSubscriber', 'illegalSubscriber', 'illegalEquipment',
      'subscriberBusyForMT-SMS', 'sm-DeliveryFailure', 'absentSubscriberSM'],
    endsDialogue: true, tpdu: 'mt',
  },
  {
    name: 'ReportSMDeliveryStatus', asn: 'reportSM-DeliveryStatus', context: 'shortMsgGatewayContext',
    versions: {
      1: { opcode: 47, arg: 'ReportSM-DeliveryStatusArg-v1' },
      2: { opcode: 47, arg: 'ReportSM-DeliveryStatusArg', res: 'ReportSM-DeliveryStatusRes-v2' },
      3: { opcode: 47, arg: 'ReportSM-DeliveryStatusArg', res: 'ReportSM-DeliveryStatusRes' },
    },
    defaultVersion: 3, pairs: [['smsc', 'hlr']], errors: ['dataMissing', 'unexpectedDataValue', 'unknownSubscriber', 'messageWaitingListFull'], endsDialogue: true,
  },
  {
    // no result: the HLR sends it in the SRI-SM dialogue before the routing info (MWD status, stored MSISDN)
    name: 'InformServiceCentre', asn: 'informServiceCentre', context: 'shortMsgGatewayContext',
    versions: { 2: { opcode: 63, arg: 'InformServiceCentreArg' }, 3: { opcode: 63, arg: 'InformServiceCentreArg' } }, defaultVersion: 3,
    pairs: [['hlr', 'smsc']], errors: [], endsDialogue: false,
  },
  {
    // v1: alertServiceCentreWithoutResult (49); v2: alertServiceCentre (64), answered without a parameter
    name: 'AlertServiceCentre', asn: 'alertServiceCentre', context: 'shortMsgAlertContext',
    versions: { 1: { opcode: 49, arg: 'AlertServiceCentreArg' }, 2: { opcode: 64, arg: 'AlertServiceCentreArg' } }, defaultVersion: 2,
    pairs: [['hlr', 'smsc']], errors: ['systemFailure', 'dataMissing', 'unexpectedDataValue'], endsDialogue: true,
  },
  {
    name: 'ReadyForSM', asn: 'readyForSM', context: 'mwdMngtContext',
    versions: { 2: { opcode: 66, arg: 'ReadyForSM-Arg' }, 3: { opcode: 66, arg: 'ReadyForSM-Arg', res: 'ReadyForSM-Res' } }, defaultVersion: 3,
    pairs: [['vlr', 'hlr'], ['sgsn', 'hlr']], errors: ['dataMissing', 'unexpectedDataValue', 'facilityNotSupported', 'unknownSubscriber'], endsDialogue: true,
  },
];
