// Argument, result and error-parameter types of the MAP operations the tester plays, as descriptors of the ASN.1
// modules of 3GPP TS 29.002 (IMPLICIT TAGS, CHOICEs explicit), one file per module (ms-*: MAP-MS-DataTypes), checked
// against Wireshark's gsm_map ASN.1 (V14.3.0) and decoded by tshark in the tests. Parts the tester does not model are
// ANY (given and reported as hex of their content). The catalogue (../../catalogue.ts) names these types.
import type { ArgType } from '../../../sigtran/codec/index.js';
import { CH_TYPES } from './ch.js';
import { MS_CSE_TYPES } from './ms-cse.js';
import { MS_INFO_TYPES } from './ms-info.js';
import { MS_LOCATION_TYPES } from './ms-location.js';
import { MS_SUBSCRIBER_DATA_TYPES } from './ms-subscriber-data.js';
import { SM_TYPES } from './sm.js';
import { SS_TYPES } from './ss.js';

export { ERROR_PARAMS } from './er.js';
export { NOT_REACHABLE_REASON } from './ms-info.js';

/** Argument and result types by name (the catalogue refers to these names). */
export const TYPES: Readonly<Record<string, ArgType>> = {
  ...SS_TYPES, ...MS_INFO_TYPES, ...MS_CSE_TYPES, ...MS_LOCATION_TYPES, ...MS_SUBSCRIBER_DATA_TYPES, ...CH_TYPES, ...SM_TYPES,
};
