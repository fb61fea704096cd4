// The dictionary resolver: AVPs, commands and applications by name and by code, both ways, with enumerated value
// names. Built from the built-in sources (base, nasreq, credit-control, ro-gy, sh) plus site dictionaries from plugins.json.
import { AvpFlag, parseAvpFlags } from '../codec/avp.js';
import { BASE_TYPES, type BaseType } from '../codec/types.js';
import { base } from './base.js';
import { creditControl } from './credit-control.js';
import { nasreq } from './nasreq.js';
import { roGy } from './ro-gy.js';
import { sh } from './sh.js';
import type { SiteDictionary } from './site.js';
import type { ApplicationDefinition, AvpDefinition, CommandDefinition, DictionarySource } from './types.js';

export const BUILTIN_SOURCES: readonly DictionarySource[] = [base, nasreq, creditControl, roGy, sh];

/** Enumerated value names compare case-insensitively, with spaces and hyphens taken as underscores. */
function enumKey(name: string): string {
  return name.trim().toUpperCase().replace(/[\s-]+/g, '_');
}

const UNKNOWN_AVP = /^AVP-(\d+)(?:-V(\d+))?$/i;

/** Name shown for an AVP missing from the dictionary: `AVP-<code>` or `AVP-<code>-V<vendor>`. */
function unknownAvpName(code: number, vendorId: number): string {
  return vendorId ? `AVP-${code}-V${vendorId}` : `AVP-${code}`;
}

export class DictionaryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DictionaryError';
  }
}

export class Dictionary {
  private readonly avpsByName = new Map<string, AvpDefinition>();
  private readonly avpsByLowerName = new Map<string, AvpDefinition>();
  private readonly avpsByCode = new Map<number, Map<number, AvpDefinition>>();
  private readonly commandsByCode = new Map<number, CommandDefinition>();
  private readonly commandsByName = new Map<string, CommandDefinition>();
  private readonly applications = new Map<number, ApplicationDefinition>();
  readonly vendors = new Map<number, string>();

  constructor(sources: readonly DictionarySource[] = BUILTIN_SOURCES, sites: readonly SiteDictionary[] = []) {
    for (const s of sources) this.addSource(s);
    sites.forEach((s, i) => this.addSite(s, `site dictionary ${i + 1}`));
  }

  // ---- building ---------------------------------------------------------------------------------------------

  private addSource(src: DictionarySource): void {
    for (const [id, name] of Object.entries(src.vendors ?? {})) this.vendors.set(Number(id), name);
    for (const [id, name, kind, vendor] of src.applications ?? []) {
      this.applications.set(id, { id, name, kind, vendorId: vendor ?? 0 });
    }
    for (const [code, name, req, ans, app, proxiable] of src.commands ?? []) {
      this.addCommand({
        name, code, applicationId: app, requestName: `${name}-Request`, answerName: `${name}-Answer`,
        requestAbbrev: req, answerAbbrev: ans, proxiable,
      });
    }
    for (const [code, name, type, flags, vendor] of src.avps) {
      const v = vendor ?? (flags.includes('V') ? src.vendorId ?? 0 : 0);
      this.addAvp({ name, code, vendorId: v, type, flags: parseAvpFlags(flags) | (v ? AvpFlag.V : 0), source: src.name });
    }
    for (const [avpName, values] of Object.entries(src.enums ?? {})) {
      const def = this.avpsByName.get(avpName);
      if (!def) throw new DictionaryError(`${src.name}: enum for unknown AVP ${avpName}`);
      this.addEnum(def, values);
    }
  }

  private addSite(site: SiteDictionary, where: string): void {
    if (typeof site !== 'object' || site === null) throw new DictionaryError(`${where}: must be an object`);
    for (const [id, name] of Object.entries(site.vendors ?? {})) this.vendors.set(Number(id), String(name));
    (site.applications ?? []).forEach((a, i) => {
      const at = `${where}: applications[${i}]`;
      if (!Number.isInteger(a?.id) || a.id < 0 || a.id > 0xffffffff) throw new DictionaryError(`${at}: id must be an unsigned 32-bit integer`);
      if (typeof a.name !== 'string' || !a.name) throw new DictionaryError(`${at}: name must be a non-empty string`);
      this.applications.set(a.id, { id: a.id, name: a.name, vendorId: a.vendor ?? 0, kind: a.kind ?? 'auth' });
    });
    (site.commands ?? []).forEach((c, i) => {
      const at = `${where}: commands[${i}]`;
      if (typeof c?.name !== 'string' || !c.name) throw new DictionaryError(`${at}: name must be a non-empty string`);
      if (!Number.isInteger(c.code) || c.code < 0 || c.code > 0xffffff) throw new DictionaryError(`${at} (${c.name}): code must be an integer 0..16777215`);
      const name = c.name.replace(/-(Request|Answer)$/, '');
      const [req, ans] = c.abbreviations ?? [`${name}-Request`, `${name}-Answer`];
      this.addCommand({
        name, code: c.code, applicationId: c.application_id ?? null, requestName: `${name}-Request`,
        answerName: `${name}-Answer`, requestAbbrev: req, answerAbbrev: ans, proxiable: c.proxiable ?? true,
      });
    });
    (site.avps ?? []).forEach((a, i) => {
      const at = `${where}: avps[${i}]`;
      if (typeof a?.name !== 'string' || !/^[A-Za-z0-9][\w.-]*$/.test(a.name)) {
        throw new DictionaryError(`${at}: name must be a string of letters, digits, '-', '_' or '.'`);
      }
      if (!Number.isInteger(a.code) || a.code < 0 || a.code > 0xffffffff) throw new DictionaryError(`${at} (${a.name}): code must be an unsigned 32-bit integer`);
      if (a.vendor !== undefined && (!Number.isInteger(a.vendor) || a.vendor < 0 || a.vendor > 0xffffffff)) {
        throw new DictionaryError(`${at} (${a.name}): vendor must be an unsigned 32-bit integer`);
      }
      if (!isBaseType(a.type)) {
        throw new DictionaryError(`${at} (${a.name}): type must be one of ${BASE_TYPES.join(', ')}`);
      }
      let flags: number;
      try {
        flags = parseAvpFlags(a.flags ?? 'M');
      } catch (e) {
        throw new DictionaryError(`${at} (${a.name}): flags: ${(e as Error).message}`);
      }
      const vendorId = a.vendor ?? 0;
      const def: AvpDefinition = { name: a.name, code: a.code, vendorId, type: a.type, flags: flags | (vendorId ? AvpFlag.V : 0), source: 'site' };
      this.addAvp(def);
      if (a.enum !== undefined) {
        if (typeof a.enum !== 'object' || a.enum === null || Object.values(a.enum).some((v) => !Number.isInteger(v))) {
          throw new DictionaryError(`${at} (${a.name}): enum must map names to integers`);
        }
        this.addEnum(def, a.enum);
      }
    });
  }

  private addCommand(c: CommandDefinition): void {
    this.commandsByCode.set(c.code, c);
    for (const n of [c.name, c.requestName, c.answerName, c.requestAbbrev, c.answerAbbrev]) this.commandsByName.set(n.toLowerCase(), c);
  }

  private addAvp(def: AvpDefinition): void {
    const old = this.avpsByName.get(def.name);
    if (old) this.avpsByCode.get(old.vendorId)?.delete(old.code);
    this.avpsByName.set(def.name, def);
    this.avpsByLowerName.set(def.name.toLowerCase(), def);
    let m = this.avpsByCode.get(def.vendorId);
    if (!m) this.avpsByCode.set(def.vendorId, (m = new Map()));
    m.set(def.code, def);
  }

  private addEnum(def: AvpDefinition, values: Readonly<Record<string, number>>): void {
    def.enumByName ??= new Map();
    def.enumByValue ??= new Map();
    for (const [n, v] of Object.entries(values)) {
      def.enumByName.set(enumKey(n), v);
      if (!def.enumByValue.has(v)) def.enumByValue.set(v, n);
    }
  }

  // ---- lookups ----------------------------------------------------------------------------------------------

  /** AVP by name (exact, then case-insensitive). `AVP-<code>[-V<vendor>]` names an AVP by number. */
  avp(name: string): AvpDefinition | undefined {
    return this.avpsByName.get(name) ?? this.avpsByLowerName.get(name.toLowerCase());
  }

  avpByCode(code: number, vendorId = 0): AvpDefinition | undefined {
    return this.avpsByCode.get(vendorId)?.get(code);
  }

  /** Parse `AVP-<code>` / `AVP-<code>-V<vendor>`; undefined for other names. */
  parseUnknownName(name: string): { code: number; vendorId: number } | undefined {
    const m = UNKNOWN_AVP.exec(name);
    if (!m) return undefined;
    return { code: Number(m[1]), vendorId: m[2] ? Number(m[2]) : 0 };
  }

  avpName(code: number, vendorId: number): string {
    return this.avpByCode(code, vendorId)?.name ?? unknownAvpName(code, vendorId);
  }

  /** Command by name (full, without -Request/-Answer, or abbreviation; case-insensitive) or by code. */
  command(nameOrCode: string | number): CommandDefinition | undefined {
    if (typeof nameOrCode === 'number') return this.commandsByCode.get(nameOrCode);
    if (/^\d+$/.test(nameOrCode.trim())) return this.commandsByCode.get(Number(nameOrCode));
    return this.commandsByName.get(nameOrCode.trim().toLowerCase());
  }

  /** True when `name` names the request side of its command (e.g. 'CCR', 'Credit-Control-Request'). */
  isAnswerName(name: string): boolean {
    const c = this.command(name);
    if (!c) return false;
    const n = name.trim().toLowerCase();
    return n === c.answerName.toLowerCase() || n === c.answerAbbrev.toLowerCase();
  }

  commandName(code: number, request: boolean): string {
    const c = this.commandsByCode.get(code);
    if (!c) return `Command-${code}-${request ? 'Request' : 'Answer'}`;
    return request ? c.requestName : c.answerName;
  }

  commandAbbrev(code: number, request: boolean): string {
    const c = this.commandsByCode.get(code);
    if (!c) return `${code}${request ? 'R' : 'A'}`;
    return request ? c.requestAbbrev : c.answerAbbrev;
  }

  application(id: number): ApplicationDefinition | undefined {
    return this.applications.get(id);
  }

  applicationName(id: number): string {
    return this.applications.get(id)?.name ?? `application ${id}`;
  }

  /** Enumerated value for a name, or undefined. */
  enumValue(def: AvpDefinition, name: string): number | undefined {
    return def.enumByName?.get(enumKey(name));
  }

  enumName(def: AvpDefinition, value: number): string | undefined {
    return def.enumByValue?.get(value);
  }

  /** Result-Code name ('DIAMETER_MISSING_AVP'), or with `experimental` the Experimental-Result-Code name. */
  resultCodeName(code: number, experimental = false): string | undefined {
    const own = this.avpsByName.get(experimental ? 'Experimental-Result-Code' : 'Result-Code')?.enumByValue?.get(code);
    // 2xxx/3xxx experimental codes share the base meanings when the application defines none
    return own ?? (experimental ? this.avpsByName.get('Result-Code')?.enumByValue?.get(code) : undefined);
  }

  /** Every AVP definition (for docs and the dictionary tests). */
  allAvps(): AvpDefinition[] {
    return [...this.avpsByName.values()];
  }

  allCommands(): CommandDefinition[] {
    return [...new Set(this.commandsByCode.values())];
  }
}

function isBaseType(t: unknown): t is BaseType {
  return typeof t === 'string' && (BASE_TYPES as readonly string[]).includes(t);
}
