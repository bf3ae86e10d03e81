import { type ParseError, type ParseErrorCode, parse, printParseErrorCode } from 'jsonc-parser';

/** What a person reads instead of the parser's code names. */
const PROBLEMS: Partial<Record<ReturnType<typeof printParseErrorCode>, string>> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'number not written as JSON',
  PropertyNameExpected: 'a property name in double quotes expected',
  ValueExpected: 'a value expected',
  ColonExpected: 'a colon expected',
  CommaExpected: 'a comma expected',
  CloseBraceExpected: 'a closing } expected',
  CloseBracketExpected: 'a closing ] expected',
  EndOfFileExpected: 'nothing more expected after the end',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'comments are not allowed in JSON',
  UnexpectedEndOfString: 'a string is not closed',
  UnexpectedEndOfNumber: 'a number is cut short',
  InvalidUnicode: 'a \\u escape is not valid',
  InvalidEscapeCharacter: 'a \\ escape is not valid',
  InvalidCharacter: 'a control character inside a string',
};

/**
 * Where and why text that JSON.parse refused is not JSON, as "line 3, column 5: a comma expected"
 * (lines and columns from 1), instead of the engine's own wording and character offset.
 */
export function describeJsonSyntaxError(text: string): string {
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  // A document jsonc-parser accepts but JSON.parse refused (a byte-order mark, say): no position to give.
  if (!first) return 'it is not plain JSON';
  const before = text.slice(0, first.offset);
  const line = before.split('\n').length;
  const column = first.offset - before.lastIndexOf('\n');
  const code = printParseErrorCode(first.error as ParseErrorCode);
  return `line ${line}, column ${column}: ${PROBLEMS[code] ?? 'not valid JSON'}`;
}
