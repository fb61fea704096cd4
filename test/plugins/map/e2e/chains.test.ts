// Tester against tester for the SMS delivery chain, SRI from a GMSC in v2 and the gsmSCF's subscription management:
// one service plays the HLR, the other the SMSC / GMSC / gsmSCF, over M3UA/TCP on loopback; each side matches what
// it receives (TS 29.002 §12: SRI-SM -> informServiceCentre + absentSubscriberSM -> reportSM-DeliveryStatus ->
// alertServiceCentre).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { problems, runBoth, startPair, type Pair } from '../helpers/pair.js';
import { IMSI, MSISDN, SMSC } from '../fixtures/samples.js';

const ok = (rec: any, what: string) => {
  assert.equal(rec.counts.passed, 1, `${what}: ${JSON.stringify(rec.counts)} ${problems(rec)} ${JSON.stringify(rec.first_call?.check_log?.slice(-2))}`);
};

describe('MAP chains, tester against tester', () => {
  let p: Pair;
  before(async () => {
    p = await startPair();
  });
  after(async () => {
    await p.close();
  });

  test('smsc <-> hlr: SRI-SM answered by informServiceCentre and absentSubscriberSM, the delivery status reported, the SMSC alerted', async () => {
    const [hlr, smsc] = await runBoth(p.a, {
      run_id: 'hlr',
      operations: [
        { type: 'map.hlr_from_smsc.SendRoutingInfoForSM', arguments: { msisdn_digits: MSISDN, serviceCentreAddress_digits: SMSC, tcap_ac: 'sri_sm3' } },
        { type: 'map.hlr_to_smsc.InformServiceCentre', arguments: { storedMSISDN_digits: MSISDN, 'mw-Status': '0260', send_with_next: true } },
        { type: 'map.hlr_to_smsc.SendRoutingInfoForSMError', arguments: { errorCode: 'absentSubscriberSM', absentSubscriberDiagnosticSM: 0 } },
        { type: 'map.hlr_from_smsc.ReportSMDeliveryStatus', arguments: { msisdn_digits: MSISDN, 'sm-DeliveryOutcome_name': 'absentSubscriber', tcap_ac: 'sri_sm3' } },
        { type: 'map.hlr_to_smsc.ReportSMDeliveryStatusResult', arguments: { storedMSISDN_digits: MSISDN } },
        { type: 'map.hlr_to_smsc.AlertServiceCentre', arguments: { msisdn_digits: MSISDN, serviceCentreAddress_digits: SMSC } },
        { type: 'map.hlr_from_smsc.AlertServiceCentreResult', arguments: { tcap_ac: 'alert_sc2' } },
      ],
    }, p.b, {
      run_id: 'smsc',
      operations: [
        { type: 'map.smsc_to_hlr.SendRoutingInfoForSM', arguments: { msisdn_digits: MSISDN, 'sm-RP-PRI': true, serviceCentreAddress_digits: SMSC } },
        { type: 'map.smsc_from_hlr.InformServiceCentre', arguments: { storedMSISDN_digits: MSISDN, 'mw-Status': '0260' } },
        { type: 'map.smsc_from_hlr.SendRoutingInfoForSMError', arguments: { errorCode: 'absentSubscriberSM', absentSubscriberDiagnosticSM: 0 } },
        { type: 'map.smsc_to_hlr.ReportSMDeliveryStatus', arguments: { msisdn_digits: MSISDN, serviceCentreAddress_digits: SMSC, 'sm-DeliveryOutcome': 'absentSubscriber', absentSubscriberDiagnosticSM: 0 } },
        { type: 'map.smsc_from_hlr.ReportSMDeliveryStatusResult', arguments: { storedMSISDN_digits: MSISDN } },
        { type: 'map.smsc_from_hlr.AlertServiceCentre', arguments: { msisdn_digits: MSISDN, tcap_ac: 'alert_sc2' } },
        { type: 'map.smsc_to_hlr.AlertServiceCentreResult' },
      ],
    });
    ok(hlr, 'HLR side');
    ok(smsc, 'SMSC side');
  });

  test('gmsc <-> hlr: SendRoutingInfo in v2 (untagged routing info) and v1', async () => {
    for (const ac of ['sri2', 'sri1']) {
      const [hlr, gmsc] = await runBoth(p.a, {
        run_id: 'hlr',
        operations: [
          { type: 'map.hlr_from_gmsc.SendRoutingInfo', arguments: { msisdn_digits: MSISDN, tcap_ac: ac } },
          // the shorthand: routingInfo.roamingNumber in v1/v2
          { type: 'map.hlr_to_gmsc.SendRoutingInfoResult', arguments: { imsi_digits: IMSI, roamingNumber_digits: '4917999000' } },
        ],
      }, p.b, {
        run_id: 'gmsc',
        operations: [
          { type: 'map.gmsc_to_hlr.SendRoutingInfo', arguments: { msisdn_digits: MSISDN, numberOfForwarding: 1, tcap_ac: ac } },
          { type: 'map.gmsc_from_hlr.SendRoutingInfoResult', arguments: { imsi_digits: IMSI, 'routingInfo.roamingNumber_digits': '4917999000', roamingNumber_digits: '4917999000' } },
        ],
      });
      ok(hlr, `HLR side ${ac}`);
      ok(gmsc, `GMSC side ${ac}`);
    }
  });

  test('scp <-> hlr: anyTimeSubscriptionInterrogation, anyTimeModification, noteSubscriberDataModified', async () => {
    const [hlr, scp] = await runBoth(p.a, {
      run_id: 'hlr',
      operations: [
        { type: 'map.hlr_from_scp.AnyTimeSubscriptionInterrogation', arguments: { msisdn_digits: MSISDN, 'requestedSubscriptionInfo.odb': null, tcap_ac: 'atsi3' } },
        { type: 'map.hlr_to_scp.AnyTimeSubscriptionInterrogationResult', arguments: { 'odb-Info': { 'odb-Data': { 'odb-GeneralData': '0100c0' } } } },
        { type: 'map.hlr_from_scp.AnyTimeModification', arguments: { imsi_digits: IMSI, 'modificationRequestFor-CSI.modifyCSI-State_name': 'deactivate' } },
        { type: 'map.hlr_to_scp.AnyTimeModificationResult', arguments: {} },
        { type: 'map.hlr_to_scp.NoteSubscriberDataModified', arguments: { imsi_digits: IMSI, msisdn_digits: MSISDN, allInformationSent: 1 } },
        { type: 'map.hlr_from_scp.NoteSubscriberDataModifiedResult', arguments: { tcap_ac: 'nsdm3' } },
      ],
    }, p.b, {
      run_id: 'scp',
      operations: [
        { type: 'map.scp_to_hlr.AnyTimeSubscriptionInterrogation', arguments: { msisdn_digits: MSISDN, 'gsmSCF-Address_digits': '4917000000', requestedSubscriptionInfo: { 'requestedCAMEL-SubscriptionInfo': 'o-CSI' } } },
        { type: 'map.scp_from_hlr.AnyTimeSubscriptionInterrogationResult', arguments: { 'odb-Info.odb-Data.odb-GeneralData': '0100c0' } },
        { type: 'map.scp_to_hlr.AnyTimeModification', arguments: { imsi_digits: IMSI, 'gsmSCF-Address_digits': '4917000000', 'modificationRequestFor-CSI': { 'requestedCamel-SubscriptionInfo': 'o-CSI', 'modifyCSI-State': 'deactivate' } } },
        { type: 'map.scp_from_hlr.AnyTimeModificationResult' },
        { type: 'map.scp_from_hlr.NoteSubscriberDataModified', arguments: { imsi_digits: IMSI, allInformationSent: 1, tcap_ac: 'nsdm3' } },
        { type: 'map.scp_to_hlr.NoteSubscriberDataModifiedResult' },
      ],
    });
    ok(hlr, 'HLR side');
    ok(scp, 'gsmSCF side');
  });
});
