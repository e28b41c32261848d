import { isUtf8 } from 'node:buffer';
import { MIMEType } from 'node:util';
import * as iconv from 'iconv-lite';

/** A body read as text, or the one sentence that says why it could not be. */
export type DecodedBody = { text: string } | { problem: string };

/** docs/behaviour.md bodies are JSON, and JSON is UTF-8 (RFC 8259 section 8.1). */
export const JSON_NOT_UTF8 =
  'The request body is not valid UTF-8: send JSON encoded as UTF-8 (RFC 8259), e.g. JSON.stringify in a browser or Node, or requests/json in Python.';

const HOW_TO_SAVE_CSV =
  'save the sheet as "CSV UTF-8 (Comma delimited)" in Excel or as "Text CSV" with the character set "Unicode (UTF-8)" in LibreOffice, or name the file\'s encoding in Content-Type (text/csv; charset=windows-1252)';

const UTF8_BOM = 0xfeff;

/**
 * The text of a JSON body: valid UTF-8 or nothing (a body of Latin-1 bytes would otherwise be read
 * as `Jos\uFFFD` and a search billed for that name). A leading byte-order mark is dropped, as RFC
 * 8259 allows (Windows tools write one).
 */
export function decodeJsonBody(body: Buffer): DecodedBody {
  if (!isUtf8(body)) return { problem: JSON_NOT_UTF8 };
  const text = body.toString('utf8');
  return { text: text.charCodeAt(0) === UTF8_BOM ? text.slice(1) : text };
}

/** The `charset` parameter of a Content-Type header, lower-cased, when it has one. */
export function charsetOf(contentType: string | undefined): string | undefined {
  if (!contentType) return undefined;
  try {
    return new MIMEType(contentType).params.get('charset')?.toLowerCase() || undefined;
  } catch {
    return undefined;
  }
}

const isUtf8Name = (charset: string) => charset === 'utf-8' || charset === 'utf8';

/**
 * The text of a CSV body as spreadsheets write it (docs/behaviour.md batches). A `charset` in
 * Content-Type is honoured (any encoding iconv-lite knows; the bytes must be valid in it).
 * Without one: a UTF-16 body is recognised by its byte-order mark, a valid UTF-8 body (with or
 * without Excel's byte-order mark) is UTF-8, and anything else is read as Windows-1252, which is
 * what Excel's plain "CSV (Comma delimited)" writes on a Spanish or English Windows. Byte-order
 * marks are dropped. A body that is not valid in its encoding is refused, saying how to save it.
 */
export function decodeCsvBody(body: Buffer, contentType: string | undefined): DecodedBody {
  const charset = charsetOf(contentType);
  if (charset !== undefined) return decodeDeclared(body, charset);
  if (startsWith(body, [0xff, 0xfe]) || startsWith(body, [0xfe, 0xff]))
    return strictDecode(body, 'utf-16', 'UTF-16');
  if (isUtf8(body)) return decodeJsonBody(body);
  return strictDecode(body, 'windows-1252', 'Windows-1252 (assumed: it is not valid UTF-8)');
}

function decodeDeclared(body: Buffer, charset: string): DecodedBody {
  if (!iconv.encodingExists(charset))
    return {
      problem: `Content-Type names the charset "${charset}", which the api cannot read: ${HOW_TO_SAVE_CSV}.`,
    };
  if (isUtf8Name(charset))
    return isUtf8(body)
      ? decodeJsonBody(body)
      : {
          problem: `The CSV is not valid UTF-8, although Content-Type says charset=${charset}: ${HOW_TO_SAVE_CSV}.`,
        };
  return strictDecode(body, charset, charset);
}

/**
 * iconv-lite writes U+FFFD for a byte its encoding does not define (0x81 in Windows-1252, say):
 * such a body is refused rather than stored with the replacement character in a name.
 */
function strictDecode(body: Buffer, encoding: string, label: string): DecodedBody {
  const text = iconv.decode(body, encoding);
  if (text.includes('\uFFFD'))
    return { problem: `The CSV holds bytes that are not characters of ${label}: ${HOW_TO_SAVE_CSV}.` };
  return { text };
}

function startsWith(body: Buffer, bytes: number[]): boolean {
  return bytes.every((byte, i) => body[i] === byte);
}
