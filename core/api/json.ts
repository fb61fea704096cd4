// Plain data: what expressions, arguments, results and messages carry, and the JSON schemas that describe them.

/** Plain JSON data. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** A JSON schema (draft-07, compiled by the core's single ajv instance). */
export type JsonSchema = Record<string, unknown>;
