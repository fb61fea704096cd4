// The NASREQ (RFC 7155) / RADIUS-derived AVPs that Gy and Ro requests from gateways commonly carry next to the
// credit-control ones (addresses, NAS identity, traffic counters). Address-like RADIUS attributes are raw
// OctetStrings here as in RFC 7155 (send them with "hex", e.g. Framed-IP-Address c0000201 for 192.0.2.1).
import type { DictionarySource } from './types.js';

export const nasreq: DictionarySource = {
  name: 'nasreq',
  applications: [[1, 'Diameter Network Access Server', 'auth']],
  avps: [
    [4, 'NAS-IP-Address', 'OctetString', 'M'],
    [5, 'NAS-Port', 'Unsigned32', 'M'],
    [8, 'Framed-IP-Address', 'OctetString', 'M'],
    [9, 'Framed-IP-Netmask', 'OctetString', 'M'],
    [11, 'Filter-Id', 'UTF8String', 'M'],
    [18, 'Reply-Message', 'UTF8String', 'M'],
    [24, 'State', 'OctetString', 'M'],
    [28, 'Idle-Timeout', 'Unsigned32', 'M'],
    [32, 'NAS-Identifier', 'UTF8String', 'M'],
    [61, 'NAS-Port-Type', 'Unsigned32', 'M'],
    [77, 'Connect-Info', 'UTF8String', 'M'],
    [87, 'NAS-Port-Id', 'UTF8String', 'M'],
    [96, 'Framed-Interface-Id', 'Unsigned64', 'M'],
    [97, 'Framed-IPv6-Prefix', 'OctetString', 'M'],
    [363, 'Accounting-Input-Octets', 'Unsigned64', 'M'],
    [364, 'Accounting-Output-Octets', 'Unsigned64', 'M'],
    [365, 'Accounting-Input-Packets', 'Unsigned64', 'M'],
    [366, 'Accounting-Output-Packets', 'Unsigned64', 'M'],
  ],
  enums: {
    'NAS-Port-Type': {
      Async: 0, Sync: 1, 'ISDN-Sync': 2, 'ISDN-Async-V120': 3, 'ISDN-Async-V110': 4, Virtual: 5, PIAFS: 6,
      'HDLC-Clear-Channel': 7, 'X.25': 8, 'X.75': 9, 'G.3-Fax': 10, SDSL: 11, 'ADSL-CAP': 12, 'ADSL-DMT': 13, IDSL: 14,
      Ethernet: 15, xDSL: 16, Cable: 17, 'Wireless-Other': 18, 'Wireless-802.11': 19,
    },
  },
};
