import { createReadStream } from 'node:fs';
import { SaxesParser } from 'saxes';
import {
  isoPartialDate,
  setOwn,
  unEntry,
  type UnRecordKind,
  type WatchListEntry,
  type XmlElement,
} from '@app/domain';
import { refusalOf } from './csv-records';
import { ReadTally, type NamedFile, type WatchListRead } from './watch-list-read';
import { WatchListFileRefused } from './watch-list-file-refused';
import { MAX_RECORD_CHARACTERS, recordTooLong } from './record-limits';

const ROOT = 'CONSOLIDATED_LIST';
/** A record and the element that holds it. */
const CONTAINERS = new Map<string, UnRecordKind>([
  ['INDIVIDUALS', 'INDIVIDUAL'],
  ['ENTITIES', 'ENTITY'],
]);

/** An element being read inside a record: its children so far, or its text. */
interface Frame {
  name: string;
  children: XmlElement | null;
  text: string;
}

/** A name without its namespace prefix (`un:INDIVIDUAL` -> `INDIVIDUAL`). */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

/** Adds a child's value to its parent; a child that repeats becomes a list. */
function addChild(parent: Frame, name: string, value: XmlElement[string]): void {
  const children = (parent.children ??= {});
  const previous = Object.hasOwn(children, name) ? children[name] : undefined;
  if (previous === undefined) setOwn(children, name, value);
  else if (Array.isArray(previous)) previous.push(value);
  else setOwn(children, name, [previous, value]);
}

/**
 * The UN Security Council consolidated list (`consolidated.xml`, docs/watch-lists.md), streamed with
 * saxes: `CONSOLIDATED_LIST` (its `dateGenerated` is the as-of), then `INDIVIDUALS/INDIVIDUAL`
 * and `ENTITIES/ENTITY`. Each record is gathered as plain data (a few kilobytes) and read by the
 * domain; the file itself never sits in memory. Nor does a record, a text, a tag or a comment
 * longer than MAX_RECORD_CHARACTERS: saxes holds each until it ends, so the file is refused once
 * one has grown past that (a chunk's worth more at most).
 */
export async function readUnConsolidated(file: NamedFile): Promise<WatchListRead> {
  const tally = new ReadTally();
  const entries: WatchListEntry[] = [];
  const keys = new Map<string, number>();
  const parser = new SaxesParser({ position: true });
  const path: string[] = [];
  let asOf: string | null = null;
  let frames: Frame[] = [];
  let record: { kind: UnRecordKind; line: number; start: number } | null = null;
  /** Where saxes last handed something over: what it holds since then is one construct. */
  let handedOver = 0;
  const handOver = () => {
    handedOver = parser.position;
  };
  const checkSizes = () => {
    if (record && parser.position - record.start > MAX_RECORD_CHARACTERS)
      throw recordTooLong(file.name, `the ${record.kind} record at line ${record.line}`);
    if (parser.position - handedOver > MAX_RECORD_CHARACTERS)
      throw recordTooLong(file.name, `a text, tag or comment before line ${parser.line}`);
  };

  parser.on('opentag', (tag) => {
    checkSizes();
    handOver();
    const name = local(tag.name);
    if (path.length === 0) {
      if (name !== ROOT)
        throw new WatchListFileRefused(
          'header',
          file.name,
          `its root element is ${tag.name}, not ${ROOT}: it is not the UN consolidated list`,
        );
      const generated = tag.attributes.dateGenerated;
      asOf = typeof generated === 'string' ? isoPartialDate(generated) : null;
    }
    const parent = path[path.length - 1];
    path.push(name);
    if (record) frames.push({ name, children: null, text: '' });
    else if (parent !== undefined && CONTAINERS.get(parent) === name) {
      record = { kind: name as UnRecordKind, line: parser.line, start: parser.position };
      frames = [{ name, children: null, text: '' }];
    }
  });
  const onText = (text: string) => {
    checkSizes();
    handOver();
    if (record) frames[frames.length - 1].text += text;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  for (const event of ['comment', 'processinginstruction', 'doctype', 'xmldecl'] as const)
    parser.on(event, handOver);
  parser.on('closetag', () => {
    checkSizes();
    handOver();
    path.pop();
    if (!record) return;
    const frame = frames.pop()!;
    const value = frame.children ?? frame.text;
    if (frames.length > 0) {
      addChild(frames[frames.length - 1], frame.name, value);
      return;
    }
    tally.rows++;
    const reading = unEntry(record.kind, frame.children ?? {});
    if ('entry' in reading) {
      const first = keys.get(reading.entry.key);
      if (first !== undefined)
        tally.reject(
          file.name,
          record.line,
          `DATAID ${reading.entry.key} is listed twice (first at line ${first})`,
        );
      else {
        keys.set(reading.entry.key, record.line);
        entries.push(reading.entry);
      }
    } else if ('rejected' in reading) tally.reject(file.name, record.line, reading.rejected);
    record = null;
  });
  parser.on('error', (error) => {
    throw new WatchListFileRefused('unreadable', file.name, `it is not well-formed XML: ${error.message}`);
  });

  try {
    for await (const chunk of createReadStream(file.path, { encoding: 'utf8' }) as AsyncIterable<string>) {
      parser.write(chunk);
      checkSizes();
    }
    parser.close();
  } catch (error) {
    throw refusalOf(file, error);
  }
  tally.fileRead(file.name, 'consolidated list', tally.rows);
  return tally.finish(asOf, entries);
}
