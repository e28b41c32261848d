'use strict';
// The watch lists' official files written as their publishers write them (docs/watch-lists.md), for the
// golden fixtures, the demo files and the bench's real-size files. Each writer takes plain records
// and yields lines, so a 300,000-row file is written as it is made, never held as one string.
//
// What the bytes follow, as public readers of the real files describe them: the SAT's CSVs are
// Windows-1252 with CRLF, a cell quoted only when it holds a comma, a quote or a line break; the
// 69-B list opens with a quoted legend line and a title line padded with commas to its 20 columns;
// OFAC's legacy CSVs quote every text value, write `-0- ` for an empty one and end with Ctrl-Z; the
// UN list is UTF-8 XML indented by two spaces with empty elements self-closed; OpenSanctions' FtM
// export is one JSON object per line, LF.
const fs = require('node:fs');
const iconv = require('iconv-lite');

const CRLF = '\r\n';

/** A CSV cell as the SAT quotes it: only when it must be. */
function csvCell(value) {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvLine(cells) {
  return cells.map(csvCell).join(',');
}

// ---------------------------------------------------------------- SAT Art. 69-B

const SAT_69B_TITLES = [
  'No',
  'RFC',
  'Nombre del Contribuyente',
  'Situación del contribuyente',
  'Número y fecha de oficio global de presunción SAT',
  'Publicación página SAT presuntos',
  'Número y fecha de oficio global de presunción DOF',
  'Publicación DOF presuntos',
  'Número y fecha de oficio global de contribuyentes que desvirtuaron SAT',
  'Publicación página SAT desvirtuados',
  'Número y fecha de oficio global de contribuyentes que desvirtuaron DOF',
  'Publicación DOF desvirtuados',
  'Número y fecha de oficio global de definitivos SAT',
  'Publicación página SAT definitivos',
  'Número y fecha de oficio global de definitivos DOF',
  'Publicación DOF definitivos',
  'Número y fecha de oficio global de sentencia favorable SAT',
  'Publicación página SAT sentencia favorable',
  'Número y fecha de oficio global de sentencia favorable DOF',
  'Publicación DOF sentencia favorable',
];

const SPANISH_MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** `2026-05-31` -> `31 de mayo de 2026`. */
function spanishDate(iso) {
  const [year, month, day] = iso.split('-').map(Number);
  return `${day} de ${SPANISH_MONTHS[month - 1]} de ${year}`;
}

/** `2026-05-31` -> `31/05/2026`. */
function satDate(iso) {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

/** The legend the 69-B list opens with; its date is the version's as-of. */
function sat69bLegend(asOf) {
  return (
    `Información actualizada al ${spanishDate(asOf)}; los listados a que se hace mención, son de carácter ` +
    'público, y pueden ser consultados en el Portal del Servicio de Administración Tributaria ' +
    'https://www.gob.mx/sat -acciones y programas- rubro General, NOTIFICACIÓN A CONTRIBUYENTES CON ' +
    'OPERACIONES PRESUNTAMENTE INEXISTENTES Y LISTADOS DEFINITIVOS- https://www.gob.mx/sat/acciones-y-' +
    'programas/notificacion-a-contribuyentes-con-operaciones-presuntamente-inexistentes-y-listados-' +
    'definitivos-333336, mismos que, al encontrarse firmados mediante firma electrónica (SIFEN), cuentan ' +
    'con el carácter de original, de conformidad con lo establecido en los artículos 38, párrafos primero ' +
    'fracción V, tercero, cuarto, quinto y sexto, y 17-D párrafos tercero y décimo del Código Fiscal de la ' +
    'Federación.'
  );
}

/** `500-05-2018-16632 de fecha 01 de junio de 2018` and its publication date. */
function oficio(number, iso) {
  return [`${number} de fecha ${spanishDate(iso).replace(/^(\d) /, '0$1 ')}`, satDate(iso)];
}

/**
 * One 69-B row: `stages` gives, per stage reached, its oficio number and dates; the SAT and DOF
 * cells of a stage carry the same oficio, the DOF publication some days later.
 */
function sat69bCells(no, { rfc, name, status, stages = {} }) {
  const cells = [String(no), rfc, name, status];
  for (const stage of ['presuncion', 'desvirtuado', 'definitivo', 'sentencia']) {
    const at = stages[stage];
    if (!at) cells.push('', '', '', '');
    else {
      const [text, published] = oficio(at.oficio, at.date);
      cells.push(text, published, text, satDate(at.dof ?? at.date));
    }
  }
  return cells;
}

/** A row given as a string is a line written as it stands, as an array its cells (fixtures' quirks). */
function rawLine(row) {
  return typeof row === 'string' ? row : Array.isArray(row) ? csvLine(row) : null;
}

/** `Listado_completo_69-B.csv`: the legend, the title, the header, the rows. */
function* sat69bLines({ asOf, rows, headerCells = SAT_69B_TITLES }) {
  const pad = ','.repeat(SAT_69B_TITLES.length - 1);
  yield csvLine([sat69bLegend(asOf)]) + pad;
  yield 'Listado completo de contribuyentes (Artículo 69-B del CFF)' + pad;
  yield csvLine(headerCells);
  let no = 0;
  for (const row of rows) {
    no++;
    yield rawLine(row) ?? csvLine(sat69bCells(no, row));
  }
}

// ---------------------------------------------------------------- SAT Art. 69

/** The header of each Art. 69 file as the SAT writes it (they differ: docs/watch-lists.md finds columns by name). */
const ART_69_HEADERS = {
  'Firmes.csv': [
    'RFC',
    'RAZON SOCIAL',
    'TIPO PERSONA',
    'SUPUESTO',
    'FECHA DE PRIMERA PUBLICACION',
    'ENTIDAD FEDERATIVA',
  ],
  'Exigibles.csv': [
    'RFC',
    'RAZON SOCIAL',
    'TIPO PERSONA',
    'SUPUESTO',
    'FECHA DE PRIMERA PUBLICACION',
    'ENTIDAD FEDERATIVA',
  ],
  'No_localizados.csv': [
    'RFC',
    'RAZÓN SOCIAL',
    'TIPO PERSONA',
    'SUPUESTO',
    'FECHAS DE PRIMERA PUBLICACION',
    'ENTIDAD FEDERATIVA',
  ],
  'Cancelados.csv': [
    'RFC',
    'RAZON SOCIAL',
    'TIPO PERSONA',
    'SUPUESTO',
    'FECHA DE CANCELACION',
    'MONTO',
    'FECHA DE PUBLICACION',
    'ENTIDAD FEDERATIVA',
  ],
  'CSDsinefectos.csv': [
    'RFC',
    'NOMBRE O RAZON SOCIAL',
    'SUPUESTO DE CANCELACION CSD',
    'FECHA DE CANCELACION CSD',
    'FECHA DE PUBLICACION',
    'FECHA DE PRIMERA PUBLICACION',
  ],
  'Sentencias.csv': [
    'RFC',
    'RAZÓN SOCIAL',
    'TIPO PERSONA',
    'SUPUESTO',
    'FECHAS DE PRIMERA PUBLICACION',
    'ENTIDAD FEDERATIVA',
  ],
  'EntespublicosydeGobiernoomisos.csv': [
    'RFC',
    'RAZON SOCIAL',
    'SUPUESTO',
    'EJERCICIO',
    'PERIODO',
    'ENTIDAD FEDERATIVA',
  ],
};

/** What each file's `SUPUESTO` cell says (CSD's says the fracción of the law). */
const ART_69_SUPUESTO_CELLS = {
  'Firmes.csv': 'FIRMES',
  'Exigibles.csv': 'EXIGIBLES',
  'No_localizados.csv': 'NO LOCALIZADOS',
  'Cancelados.csv': 'CANCELADOS',
  'CSDsinefectos.csv': 'FRACCION X',
  'Sentencias.csv': 'SENTENCIAS',
  'EntespublicosydeGobiernoomisos.csv': 'OMISOS',
};

/** A row of an Art. 69 file from a record `{ rfc, name, tipo, date, state, amount?, year?, period? }`. */
function art69Cells(file, row) {
  const supuesto = row.supuesto ?? ART_69_SUPUESTO_CELLS[file];
  const date = row.date ? satDate(row.date) : '';
  switch (file) {
    case 'Cancelados.csv':
      return [row.rfc, row.name, row.tipo, supuesto, date, row.amount ?? '', date, row.state];
    case 'CSDsinefectos.csv':
      return [row.rfc, row.name, supuesto, date, date, date];
    case 'EntespublicosydeGobiernoomisos.csv':
      return [row.rfc, row.name, supuesto, row.year ?? '', row.period ?? '', row.state];
    default:
      return [row.rfc, row.name, row.tipo, supuesto, date, row.state];
  }
}

/** An Art. 69 file: the header on the first line, then the rows (arrays are written as they stand). */
function* art69Lines(file, rows) {
  yield csvLine(ART_69_HEADERS[file]);
  for (const row of rows) yield rawLine(row) ?? csvLine(art69Cells(file, row));
}

// ---------------------------------------------------------------- OFAC legacy CSV

/** OFAC's empty value. */
const NULL = '-0- ';

function ofacCell(value, { quoted = true } = {}) {
  if (value === null || value === undefined || value === '') return NULL;
  return quoted ? `"${String(value).replace(/"/g, '""')}"` : String(value);
}

/** `sdn.csv` from `{ entNum, name, type ('individual', null for an entity, 'vessel'), programs: [], title, remarks, vessel }`. */
function* ofacSdnLines(rows) {
  for (const row of rows) {
    if (typeof row === 'string') {
      yield row;
      continue;
    }
    const vessel = row.vessel ?? {};
    yield [
      ofacCell(row.entNum, { quoted: false }),
      ofacCell(row.name),
      ofacCell(row.type),
      ofacCell(row.programs.join('] [')),
      ofacCell(row.title),
      ofacCell(vessel.callSign),
      ofacCell(vessel.type),
      ofacCell(vessel.tonnage),
      ofacCell(vessel.grt),
      ofacCell(vessel.flag),
      ofacCell(vessel.owner),
      ofacCell(row.remarks),
    ].join(',');
  }
}

/** `alt.csv` from `{ entNum, altNum, type ('aka', 'fka', 'nka'), name, remarks }`. */
function* ofacAltLines(rows) {
  for (const row of rows)
    yield [
      ofacCell(row.entNum, { quoted: false }),
      ofacCell(row.altNum, { quoted: false }),
      ofacCell(row.type),
      ofacCell(row.name),
      ofacCell(row.remarks),
    ].join(',');
}

/** `add.csv` from `{ entNum, addNum, address, city, country, remarks }`. */
function* ofacAddLines(rows) {
  for (const row of rows)
    yield [
      ofacCell(row.entNum, { quoted: false }),
      ofacCell(row.addNum, { quoted: false }),
      ofacCell(row.address),
      ofacCell(row.city),
      ofacCell(row.country),
      ofacCell(row.remarks),
    ].join(',');
}

/**
 * `sdn_comments.csv` from `{ entNum, extension }`: the rest of a remark too long for sdn.csv,
 * written as OFAC cuts it (it may start in the middle of a word).
 */
function* ofacCommentsLines(rows) {
  for (const row of rows) yield [ofacCell(row.entNum, { quoted: false }), ofacCell(row.extension)].join(',');
}

// ---------------------------------------------------------------- UN consolidated list (XML)

function xmlText(value) {
  return String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** `<NAME>text</NAME>`, or `<NAME/>` when empty, at `depth` (two spaces a level). */
function xmlLeaf(depth, name, value) {
  const indent = '  '.repeat(depth);
  return value === null || value === undefined || value === ''
    ? `${indent}<${name}/>`
    : `${indent}<${name}>${xmlText(value)}</${name}>`;
}

function* xmlValues(depth, name, values) {
  const indent = '  '.repeat(depth);
  yield `${indent}<${name}>`;
  for (const value of values) yield xmlLeaf(depth + 1, 'VALUE', value);
  yield `${indent}</${name}>`;
}

/**
 * An `INDIVIDUAL` from `{ dataId, names: [first, second, third?, fourth?], listType, reference,
 * listedOn, gender, comments, designations, nationalities, aliases: [{ quality, name }], dobs: [{ type,
 * date | year | from, to }], pobs, documents: [{ type, number, country }] }`.
 */
function* unIndividualLines(person) {
  const d = 3;
  yield '    <INDIVIDUAL>';
  yield xmlLeaf(d, 'DATAID', person.dataId);
  yield xmlLeaf(d, 'VERSIONNUM', 1);
  const parts = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME'];
  for (let i = 0; i < parts.length; i++) if (person.names[i]) yield xmlLeaf(d, parts[i], person.names[i]);
  yield xmlLeaf(d, 'UN_LIST_TYPE', person.listType);
  yield xmlLeaf(d, 'REFERENCE_NUMBER', person.reference);
  yield xmlLeaf(d, 'LISTED_ON', person.listedOn);
  if (person.gender) yield xmlLeaf(d, 'GENDER', person.gender);
  if (person.comments) yield xmlLeaf(d, 'COMMENTS1', person.comments);
  if (person.originalScript) yield xmlLeaf(d, 'NAME_ORIGINAL_SCRIPT', person.originalScript);
  if (person.designations?.length) yield* xmlValues(d, 'DESIGNATION', person.designations);
  if (person.nationalities?.length) yield* xmlValues(d, 'NATIONALITY', person.nationalities);
  yield* xmlValues(d, 'LIST_TYPE', ['UN List']);
  yield* xmlValues(d, 'LAST_DAY_UPDATED', [person.listedOn]);
  const aliases = person.aliases?.length ? person.aliases : [{ quality: '', name: '' }];
  for (const alias of aliases) {
    yield '      <INDIVIDUAL_ALIAS>';
    yield xmlLeaf(d + 1, 'QUALITY', alias.quality);
    yield xmlLeaf(d + 1, 'ALIAS_NAME', alias.name);
    yield '      </INDIVIDUAL_ALIAS>';
  }
  yield '      <INDIVIDUAL_ADDRESS>';
  yield xmlLeaf(d + 1, 'COUNTRY', person.addressCountry ?? '');
  yield '      </INDIVIDUAL_ADDRESS>';
  for (const dob of person.dobs?.length ? person.dobs : [{ type: '' }]) {
    yield '      <INDIVIDUAL_DATE_OF_BIRTH>';
    yield xmlLeaf(d + 1, 'TYPE_OF_DATE', dob.type);
    if (dob.date) yield xmlLeaf(d + 1, 'DATE', dob.date);
    if (dob.year) yield xmlLeaf(d + 1, 'YEAR', dob.year);
    if (dob.from) yield xmlLeaf(d + 1, 'FROM_YEAR', dob.from);
    if (dob.to) yield xmlLeaf(d + 1, 'TO_YEAR', dob.to);
    yield '      </INDIVIDUAL_DATE_OF_BIRTH>';
  }
  yield '      <INDIVIDUAL_PLACE_OF_BIRTH>';
  if (person.pob?.city) yield xmlLeaf(d + 1, 'CITY', person.pob.city);
  if (person.pob?.state) yield xmlLeaf(d + 1, 'STATE_PROVINCE', person.pob.state);
  yield xmlLeaf(d + 1, 'COUNTRY', person.pob?.country ?? '');
  yield '      </INDIVIDUAL_PLACE_OF_BIRTH>';
  if (!person.documents?.length) yield '      <INDIVIDUAL_DOCUMENT/>';
  for (const doc of person.documents ?? []) {
    yield '      <INDIVIDUAL_DOCUMENT>';
    yield xmlLeaf(d + 1, 'TYPE_OF_DOCUMENT', doc.type);
    yield xmlLeaf(d + 1, 'NUMBER', doc.number);
    if (doc.country) yield xmlLeaf(d + 1, 'ISSUING_COUNTRY', doc.country);
    yield '      </INDIVIDUAL_DOCUMENT>';
  }
  yield '      <SORT_KEY/>';
  yield '      <SORT_KEY_LAST_MOD/>';
  yield '    </INDIVIDUAL>';
}

/** An `ENTITY` from `{ dataId, name, listType, reference, listedOn, comments, aliases, address }`. */
function* unEntityLines(entity) {
  const d = 3;
  yield '    <ENTITY>';
  yield xmlLeaf(d, 'DATAID', entity.dataId);
  yield xmlLeaf(d, 'VERSIONNUM', 1);
  yield xmlLeaf(d, 'FIRST_NAME', entity.name);
  yield xmlLeaf(d, 'UN_LIST_TYPE', entity.listType);
  yield xmlLeaf(d, 'REFERENCE_NUMBER', entity.reference);
  yield xmlLeaf(d, 'LISTED_ON', entity.listedOn);
  if (entity.comments) yield xmlLeaf(d, 'COMMENTS1', entity.comments);
  yield* xmlValues(d, 'LIST_TYPE', ['UN List']);
  yield* xmlValues(d, 'LAST_DAY_UPDATED', [entity.listedOn]);
  for (const alias of entity.aliases ?? []) {
    yield '      <ENTITY_ALIAS>';
    yield xmlLeaf(d + 1, 'QUALITY', alias.quality);
    yield xmlLeaf(d + 1, 'ALIAS_NAME', alias.name);
    yield '      </ENTITY_ALIAS>';
  }
  yield '      <ENTITY_ADDRESS>';
  if (entity.address?.city) yield xmlLeaf(d + 1, 'CITY', entity.address.city);
  yield xmlLeaf(d + 1, 'COUNTRY', entity.address?.country ?? '');
  yield '      </ENTITY_ADDRESS>';
  yield '      <SORT_KEY/>';
  yield '      <SORT_KEY_LAST_MOD/>';
  yield '    </ENTITY>';
}

/** `consolidated.xml`; `extra` lines (already indented) go inside INDIVIDUALS, for fixtures' quirks. */
function* unLines({ dateGenerated, individuals, entities, extraIndividualLines = [] }) {
  yield '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
  yield (
    '<CONSOLIDATED_LIST xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
    'xsi:noNamespaceSchemaLocation="https://www.un.org/sc/resources/sc-sanctions.xsd" ' +
    `dateGenerated="${dateGenerated}">`
  );
  yield '  <INDIVIDUALS>';
  for (const person of individuals) yield* unIndividualLines(person);
  yield* extraIndividualLines;
  yield '  </INDIVIDUALS>';
  yield '  <ENTITIES>';
  for (const entity of entities) yield* unEntityLines(entity);
  yield '  </ENTITIES>';
  yield '</CONSOLIDATED_LIST>';
}

// ---------------------------------------------------------------- OpenSanctions FtM lines

const FTM_SEEN = {
  first_seen: '2024-01-15T08:12:44',
  last_seen: '2026-05-30T06:02:11',
  last_change: '2025-11-02T06:02:11',
};

/** A `Person` line from `{ id, first, last, name?, aliases, birthDate, deathDate, gender, positions, taxNumber, idNumber, datasets }`. */
function ftmPerson(person) {
  const properties = {
    name: [person.name ?? `${person.first} ${person.last}`],
    ...(person.first ? { firstName: [person.first] } : {}),
    ...(person.last ? { lastName: [person.last] } : {}),
    ...(person.aliases?.length ? { alias: person.aliases } : {}),
    ...(person.birthDate ? { birthDate: [person.birthDate] } : {}),
    ...(person.deathDate ? { deathDate: [person.deathDate] } : {}),
    gender: [person.gender],
    nationality: ['mx'],
    citizenship: ['mx'],
    position: person.positions,
    topics: ['role.pep'],
    ...(person.taxNumber ? { taxNumber: [person.taxNumber] } : {}),
    ...(person.idNumber ? { idNumber: [person.idNumber] } : {}),
  };
  return JSON.stringify({
    id: person.id,
    caption: properties.name[0],
    schema: 'Person',
    properties,
    referents: [],
    datasets: person.datasets ?? ['mx_governors'],
    ...FTM_SEEN,
    target: false,
  });
}

/** A `Position` line (the export's other schemas, which the reader skips). */
function ftmPosition(position) {
  return JSON.stringify({
    id: position.id,
    caption: position.name,
    schema: 'Position',
    properties: { name: [position.name], country: ['mx'], topics: ['gov.national'] },
    referents: [],
    datasets: ['mx_governors'],
    ...FTM_SEEN,
    target: false,
  });
}

// ---------------------------------------------------------------- writing

/**
 * Writes `lines` to `path` as they come, joined by `eol`, encoded (`win1252` or `utf8`), the last
 * line terminated; `trailer` bytes (OFAC's Ctrl-Z) after it. Returns the bytes written.
 */
function writeLines(path, lines, { encoding, eol, trailer = '' }) {
  const fd = fs.openSync(path, 'w');
  let batch = [];
  let bytes = 0;
  const flush = () => {
    if (batch.length === 0) return;
    const buffer = iconv.encode(batch.join(''), encoding);
    fs.writeSync(fd, buffer);
    bytes += buffer.length;
    batch = [];
  };
  try {
    for (const line of lines) {
      batch.push(line + eol);
      if (batch.length >= 5000) flush();
    }
    if (trailer) batch.push(trailer);
    flush();
  } finally {
    fs.closeSync(fd);
  }
  return bytes;
}

/** The publishers' ways of writing each kind of file. */
const WRITING = {
  sat: { encoding: 'win1252', eol: CRLF },
  ofac: { encoding: 'win1252', eol: CRLF, trailer: '\x1a' },
  un: { encoding: 'utf8', eol: '\n' },
  ftm: { encoding: 'utf8', eol: '\n' },
};

module.exports = {
  CRLF,
  SAT_69B_TITLES,
  ART_69_HEADERS,
  WRITING,
  csvLine,
  satDate,
  sat69bLines,
  art69Lines,
  ofacSdnLines,
  ofacAltLines,
  ofacAddLines,
  ofacCommentsLines,
  unLines,
  ftmPerson,
  ftmPosition,
  writeLines,
};
