// A definition file as the CLI reads it: JSON parsed with positions (jsonc-parser), so that every problem can be
// reported as FILE:LINE:COLUMN, syntax errors (all of them) as well as the JSON paths that validation names.
import { readFileSync } from 'node:fs';
import { parseTree, findNodeAtLocation, printParseErrorCode, type Node, type ParseError, type Segment } from 'jsonc-parser';
import { UsageError } from './usage-error.js';

export interface Position {
  line: number;
  column: number;
}

export class DefinitionFile {
  private readonly lineStarts: number[] = [0];
  private readonly root: Node | undefined;
  readonly value: Record<string, unknown>;

  constructor(
    readonly file: string,
    readonly text: string,
  ) {
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) this.lineStarts.push(i + 1);
    const errors: ParseError[] = [];
    this.root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    if (errors.length) {
      const lines = errors.slice(0, 20).map((e) => `  ${this.at(e.offset)}: ${syntaxMessage(printParseErrorCode(e.error))}`);
      throw new UsageError(`${file} is not JSON (${errors.length} syntax error${errors.length > 1 ? 's' : ''}):\n${lines.join('\n')}`);
    }
    const value = JSON.parse(text) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new UsageError(`${file} must hold the params object of ExecuteTest`);
    this.value = value as Record<string, unknown>;
  }

  static read(file: string): DefinitionFile {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      throw new UsageError(`cannot read ${file}: ${(e as Error).message}`);
    }
    return new DefinitionFile(file, text);
  }

  /** 1-based line and column of a character offset. */
  position(offset: number): Position {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.lineStarts[lo]! + 1 };
  }

  /** `FILE:LINE:COLUMN` of an offset. */
  at(offset: number): string {
    const p = this.position(offset);
    return `${this.file}:${p.line}:${p.column}`;
  }

  /**
   * Where a JSON path (`operations[1].arguments.colour`) is in the file: the member's name when it is a member,
   * else the value; for a path that is not there (a missing field), the nearest enclosing value that is.
   */
  locate(path: string): Position {
    if (!this.root) return { line: 1, column: 1 };
    const segs = parsePath(path);
    for (let n = segs.length; n >= 0; n--) {
      const node = findNodeAtLocation(this.root, segs.slice(0, n));
      if (!node) continue;
      const member = n === segs.length && node.parent?.type === 'property' ? node.parent : undefined;
      return this.position((member ?? node).offset);
    }
    return { line: 1, column: 1 };
  }
}

const SYNTAX: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'a field name in double quotes expected',
  ValueExpected: 'a value expected',
  ColonExpected: "':' expected",
  CommaExpected: "',' expected",
  CloseBraceExpected: "'}' expected",
  CloseBracketExpected: "']' expected",
  EndOfFileExpected: 'end of file expected (one JSON value per file)',
  InvalidCommentToken: 'comments are not JSON',
  UnexpectedEndOfComment: 'unterminated comment',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'unterminated number',
  InvalidUnicode: 'invalid unicode escape',
  InvalidEscapeCharacter: 'invalid escape character',
  InvalidCharacter: 'invalid character in a string',
};

function syntaxMessage(code: string): string {
  return SYNTAX[code] ?? code;
}

/** `operations[1].arguments["a b"].x` → ['operations', 1, 'arguments', 'a b', 'x']. */
export function parsePath(path: string): Segment[] {
  const out: Segment[] = [];
  const re = /\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]|\.?([^.[\]]+)/g;
  for (let m = re.exec(path); m; m = re.exec(path)) {
    if (m[1] !== undefined) out.push(Number(m[1]));
    else if (m[2] !== undefined) out.push(JSON.parse(m[2]) as string);
    else out.push(m[3]!);
  }
  return out;
}
