// runtime/static-check.ts: outbound INAP operations are checked at ExecuteTest (and by `tester validate`) against the
// descriptor of the variant their dialogue will use: mandatory arguments, arguments the variant lacks, constraints.
// Issue 11: `tester validate` accepted an InitialDP without serviceKey, and a 7-octet timeAndTimezone was sent.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { call } from '../../../helpers/service.js';
import { startStack, type Stack } from '../helpers/stack.js';
import { scratch, tester } from '../../../cli/helpers.js';

let n = 0;

describe('static checks at ExecuteTest', () => {
  let st: Stack;
  before(async () => {
    st = await startStack();
  });
  after(async () => {
    await st.close();
  });
  const execute = async (ops: unknown[], extra: Record<string, unknown> = {}) => {
    const runId = `static-${++n}`;
    const r = await call(st.port, 'ExecuteTest', { run_id: runId, operations: ops, ...extra });
    if (!r.error) await call(st.port, 'CancelTest', { run_id: runId });
    return r;
  };
  const refused = async (ops: unknown[], re: RegExp, extra: Record<string, unknown> = {}) => {
    const r = await execute(ops, extra);
    assert.equal(r.error?.code, 2002, JSON.stringify(r));
    assert.match(r.error!.message, re);
  };
  const accepted = async (ops: unknown[], extra: Record<string, unknown> = {}) => {
    const r = await execute(ops, extra);
    assert.ok(!r.error, JSON.stringify(r.error));
  };
  const IDP = (args: Record<string, unknown>) => ({ type: 'inap.ssp_to_scp.InitialDP', arguments: args });

  test('a mandatory argument missing: 2002 naming it and the variant', async () => {
    await refused([IDP({ calledPartyNumber_digits: '1234' })], /^operations\[0\]\.arguments\.serviceKey: missing \(mandatory\) \(variant camel3\)$/);
    await refused([IDP({ serviceKey: 1 }), { type: 'inap.ssp_to_scp.EventReportBCSM', arguments: { legID: { receivingSideID_hex: '02' } } }], /^operations\[1\]\.arguments\.eventTypeBCSM: missing \(mandatory\)/);
    // nested mandatory fields are named by their path
    await refused([IDP({ serviceKey: 1 }), { type: 'inap.ssp_to_scp.ApplyChargingReport', arguments: { 'timeDurationChargingResult.partyToCharge.receivingSideID_hex': '01' } }], /operations\[1\]\.arguments\.timeDurationChargingResult\.timeInformation: missing \(mandatory\)/);
  });

  test('a mandatory argument given by an alternative spelling or an expression is present', async () => {
    await accepted([IDP({ serviceKey: '{$n + 100}' })]);
    await accepted([{ type: 'inap.srf_to_scp.AssistRequestInstructions', arguments: { correlationID_digits: '1234' } }]);
    await accepted([{ type: 'inap.srf_to_scp.AssistRequestInstructions', arguments: { correlationID_hex: '00031021' } }]);
    await accepted([{ type: 'inap.srf_to_scp.AssistRequestInstructions', arguments: { correlationID_digits: '{$v.corr}' } }], { vars: { corr: '1234' } });
    await refused([{ type: 'inap.srf_to_scp.AssistRequestInstructions', arguments: { iPSSPCapabilities_hex: '01' } }], /operations\[0\]\.arguments\.correlationID: missing \(mandatory\)/);
  });

  test('SIZE and range constraints of the chosen variant (timeAndTimezone must be 8 octets)', async () => {
    await refused([IDP({ serviceKey: 1, timeAndTimezone_hex: '02122011151005' })], /^operations\[0\]\.arguments\.timeAndTimezone: 7 octets, the ASN\.1 requires SIZE\(8\) \(variant camel3\)$/);
    await accepted([IDP({ serviceKey: 1, timeAndTimezone_hex: '0212201115100500' })]);
    await refused([IDP({ serviceKey: 1, callingPartysCategory_hex: '0a0b' })], /callingPartysCategory: 2 octets, the ASN\.1 requires SIZE\(1\)/);
    // the calledPartyNumber made of 40 digits is 22 octets: CAP bounds it to 18; CS-1 leaves the bound to the network
    const digits = '1234567890'.repeat(4);
    await refused([IDP({ serviceKey: 1, calledPartyNumber_digits: digits })], /operations\[0\]\.arguments\.calledPartyNumber: 22 octets, the ASN\.1 requires SIZE\(2\.\.18\)/);
    await accepted([IDP({ serviceKey: 1, calledPartyNumber_digits: digits, variant: 'cs1' })]);
    // ranges inside the CAP structures, and through the RRBCSM flags
    await refused([IDP({ serviceKey: 1 }), { type: 'inap.ssp_from_scp.ReleaseCall' }, { type: 'inap.ssp_to_scp.ApplyChargingReport', arguments: { 'timeDurationChargingResult.partyToCharge.receivingSideID_hex': '01', 'timeDurationChargingResult.timeInformation.timeIfNoTariffSwitch': 900000 } }],
      /operations\[2\]\.arguments\.timeDurationChargingResult\.timeInformation\.timeIfNoTariffSwitch: 900000 is out of range 0\.\.864000/);
    // an expression inside is checked per instance
    await accepted([IDP({ serviceKey: 1, timeAndTimezone_hex: '{$v.tz}' })], { vars: { tz: '0212201115100500' } });
  });

  test('the JSON schema carries the integer ranges (serviceKey 0..2147483647)', async () => {
    await refused([IDP({ serviceKey: -1 })], /operations\[0\]\.arguments\.serviceKey/);
    await refused([IDP({ serviceKey: 2147483648 })], /operations\[0\]\.arguments\.serviceKey/);
    const d = await call(st.port, 'DescribeOperations', {});
    const idp = d.result.operations.find((o: { type: string }) => o.type === 'inap.ssp_to_scp.InitialDP');
    assert.deepEqual(idp.arguments.properties.serviceKey, { type: 'integer', minimum: 0, maximum: 2147483647 });
  });

  test('the variant of a dialogue follows its opening operation, ssp_ac and inap.variant', async () => {
    const erb = { type: 'inap.ssp_to_scp.EventReportBCSM', arguments: { eventTypeBCSM: 'oAnswer', bcsmEventCorrelationID_digits: '12' } };
    await refused([IDP({ serviceKey: 1 }), erb], /^operations\[1\]\.arguments\.bcsmEventCorrelationID_digits: not defined for EventReportBCSM in variant camel3$/);
    await accepted([IDP({ serviceKey: 1, variant: 'cs1' }), erb]);
    await accepted([IDP({ serviceKey: 1 }), erb], { ssp_ac: 'cs1' });
    await accepted([IDP({ serviceKey: 1 }), erb], { inap: { variant: 'cs1' } });
    await refused([IDP({ serviceKey: 1, tcap_ac: 'camel2' }), erb], /variant camel2/, { inap: { variant: 'cs1' } });
  });

  test('SMS and GPRS openers: their own context unless ssp_ac or tcap_ac names one of theirs', async () => {
    const SMS = (args: Record<string, unknown>) => ({ type: 'inap.ssp_to_scp.InitialDPSMS', arguments: { serviceKey: 7, ...args } });
    // a CAP v4 MT-SMS event: the call test's ssp_ac camel3 leaves the SMS dialogue on camel3_sms (CAP v3), which lacks it
    await refused([SMS({ eventTypeSMS_name: 't-smsDelivery' })], /^operations\[0\]\.arguments\.eventTypeSMS: unknown name "t-smsDelivery" .*\(variant camel3\)$/, { ssp_ac: 'camel3' });
    await accepted([SMS({ eventTypeSMS_name: 't-smsDelivery' })], { ssp_ac: 'camel4_sms' });
    await accepted([SMS({ eventTypeSMS_name: 't-smsDelivery', tcap_ac: 'camel4_sms' })], { ssp_ac: 'camel3' });
    // the operations after it take the dialogue's variant; GPRS control is CAP v3 whatever the run's ssp_ac
    await refused([SMS({}), { type: 'inap.ssp_from_scp.ContinueSMS' }, { type: 'inap.ssp_to_scp.EventReportSMS', arguments: { eventTypeSMS_name: 't-smsFailure' } }],
      /^operations\[2\]\.arguments\.eventTypeSMS: unknown name "t-smsFailure" .*\(variant camel3\)$/);
    const GPRS = { type: 'inap.ssp_to_scp.InitialDPGPRS', arguments: { serviceKey: 8, gPRSEventType: 'attach', mSISDN_digits: '49171', iMSI_digits: '262011234567890', timeAndTimeZone_hex: '0221118210053000' } };
    await accepted([GPRS], { ssp_ac: 'camel4' });
    await refused([{ ...GPRS, arguments: { ...GPRS.arguments, mSISDN_digits: undefined } }], /^operations\[0\]\.arguments\.mSISDN: missing \(mandatory\) \(variant camel3\)$/);
    await refused([{ ...GPRS, arguments: { ...GPRS.arguments, variant: 'camel4' } }], /^operations\[0\]\.type: InitialDPGPRS is not defined in variant camel4 \(only in camel3\)$/);
  });

  test('an operation the variant lacks: 2002 at its type', async () => {
    await refused([{ type: 'inap.scp_from_ssp.InitialDP', arguments: { variant: 'camel3' } }, { type: 'inap.scp_to_ssp.DisconnectLeg', arguments: { 'legToBeReleased.sendingSideID_hex': '02' } }],
      /^operations\[1\]\.type: DisconnectLeg is not defined in variant camel3 \(only in camel4\)$/);
  });

  test('a dialogue the peer opens may use any variant: refused only when no variant accepts the arguments', async () => {
    await accepted([{ type: 'inap.scp_from_ssp.InitialDP' }, { type: 'inap.scp_to_ssp.ReleaseCall', arguments: { initialCallSegment_cause: 16 } }]);
    await refused([{ type: 'inap.scp_from_ssp.InitialDP' }, { type: 'inap.scp_to_ssp.Connect', arguments: { alertingPattern_hex: '000001' } }],
      /^operations\[1\]\.arguments\.destinationRoutingAddress: missing \(mandatory\) \(in every variant the dialogue may use: cs1, camel2, camel3, camel4\)$/);
  });
});

describe('tester validate', () => {
  const s = scratch();
  after(() => rmSync(s.dir, { recursive: true, force: true }));
  test('an InitialDP without its serviceKey is invalid (it was accepted and aborted at run time)', async () => {
    const bad = s.file('idp.json', { operations: [{ type: 'inap.ssp_to_scp.InitialDP', arguments: { calledPartyNumber_digits: '1234' } }, { type: 'inap.ssp_from_scp.ReleaseCall' }] });
    const good = s.file('idp-ok.json', { operations: [{ type: 'inap.ssp_to_scp.InitialDP', arguments: { serviceKey: 100, calledPartyNumber_digits: '1234' } }, { type: 'inap.ssp_from_scp.ReleaseCall' }] });
    const [r, ok] = await Promise.all([tester(['validate', bad, '--config', 'examples/inap/plugins.json']), tester(['validate', good, '--config', 'examples/inap/plugins.json'])]);
    assert.equal(r.code, 1, r.stdout);
    assert.match(r.stderr, /invalid \(2002\), 1 problem:\n.*idp\.json:\d+:\d+ +operations\[0\]\.arguments\.serviceKey: missing \(mandatory\)/);
    assert.equal(ok.code, 0, ok.stderr);
  });
});
