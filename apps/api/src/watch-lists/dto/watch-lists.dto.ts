import { ApiProperty } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import {
  NATIONALITIES,
  validateListScreening,
  WATCH_LIST_SOURCES,
  WatchListScreeningSummary,
} from '@app/domain';
import { CheckedBy } from '../../common/validation';
import { withNameRule } from '../../docs/text-rules';
import { summaryDto } from '../../screening/dto/summaries.dto';

const LIST_PROCESSES = ['Listas negras del SAT', 'Global Watch List', 'Peps'];

export class WatchListVersionDto {
  @ApiProperty({ example: 3, description: 'Versions of a list are numbered 1, 2, 3... as they are imported' })
  version!: number;

  @ApiProperty({
    example: '2026-11-20',
    format: 'date',
    type: String,
    nullable: true,
    description:
      "The publisher's date of the files; null when they carry none (OFAC's CSV, FtM exports, the article 69 files), never the import date",
  })
  asOf!: string | null;

  @ApiProperty({ example: '2026-11-21T07:00:12.345Z', format: 'date-time' })
  importedAt!: string;

  @ApiProperty({ example: 15234, description: 'Data rows read from the files' })
  rows!: number;

  @ApiProperty({ example: 15102, description: 'Listed parties after grouping rows of the same party' })
  entries!: number;

  @ApiProperty({ example: 12, description: 'Rows the publisher blanked out: counted, never matched' })
  redacted!: number;

  @ApiProperty({ example: '9f2c...e1', description: "sha256 of the files' bytes, lowercase hex" })
  sha256!: string;
}

export class WatchListDto {
  @ApiProperty({ enum: WATCH_LIST_SOURCES, example: 'ofac-sdn' })
  source!: string;

  @ApiProperty({
    enum: LIST_PROCESSES,
    example: 'Global Watch List',
    description: 'The process that reads this list',
  })
  process!: string;

  @ApiProperty({
    type: WatchListVersionDto,
    nullable: true,
    description: 'The version screenings read now; null until a first version is imported',
  })
  active!: WatchListVersionDto | null;
}

export class WatchListsDto {
  @ApiProperty({ type: [WatchListDto], description: 'Every list the service reads, in a fixed order' })
  data!: WatchListDto[];
}

/**
 * `POST /watch-lists/screenings` body. `@Allow` only whitelists the fields: types, combinations
 * and formats are domain rules (validateListScreening), so one 400 lists every violation.
 */
@CheckedBy(validateListScreening)
export class ListScreeningBodyDto {
  @ApiProperty({
    required: false,
    example: 'Juan',
    maxLength: 100,
    description: withNameRule('Given name(s) of a person (with lastName)'),
  })
  @Allow()
  name?: string;

  @ApiProperty({
    required: false,
    example: 'García',
    maxLength: 100,
    description: withNameRule('Paternal surname'),
  })
  @Allow()
  lastName?: string;

  @ApiProperty({
    required: false,
    example: 'López',
    maxLength: 100,
    description: withNameRule('Maternal surname, when known'),
  })
  @Allow()
  secondLastName?: string;

  @ApiProperty({
    required: false,
    example: 'Comercializadora Azteca SA de CV',
    maxLength: 200,
    description: withNameRule('A company, instead of a person'),
  })
  @Allow()
  businessName?: string;

  @ApiProperty({
    required: false,
    example: 'GALJ900517AB1',
    description: 'RFC (13 characters for a person, 12 for a company); an exact match decides',
  })
  @Allow()
  rfc?: string;

  @ApiProperty({
    required: false,
    example: 'GALJ900517HDFRPN09',
    description: 'CURP; an exact match decides',
  })
  @Allow()
  curp?: string;

  @ApiProperty({
    required: false,
    example: '1990-05-17',
    format: 'date',
    description: 'Any real past date (no age rule)',
  })
  @Allow()
  birthDate?: string;

  @ApiProperty({ required: false, enum: NATIONALITIES, example: 'MX' })
  @Allow()
  nationality?: string;

  @ApiProperty({
    required: false,
    type: [String],
    enum: WATCH_LIST_SOURCES,
    description: 'The lists to read (default: all of them)',
    example: ['ofac-sdn', 'un-consolidated'],
  })
  @Allow()
  sources?: string[];

  @ApiProperty({
    required: false,
    example: 'acme',
    description: 'Client to charge: required when the account has several clients',
  })
  @Allow()
  clientId?: string;
}

export class ListScreeningResultDto {
  @ApiProperty({ format: 'uuid', example: '0b6f1f5e-7a38-4a57-9d1c-3c1e9d1f2a40' })
  screeningId!: string;

  @ApiProperty({
    type: [summaryDto(WatchListScreeningSummary.fields.listsChecked.of)],
    description: 'Every list read, one version each',
  })
  listsChecked!: unknown[];

  @ApiProperty({
    type: [summaryDto(WatchListScreeningSummary.fields.matches.of)],
    description: 'Matches and possible matches, best first, at most 20',
  })
  matches!: unknown[];

  @ApiProperty({ enum: [true], example: true, description: 'A screening is always billed, matches or not' })
  charged!: true;
}
