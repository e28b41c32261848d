import { ApiProperty } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import {
  disputeBodyViolations,
  FINAL_RESULTS,
  MAX_DISPUTE_STATEMENT_LENGTH,
  MAX_REVIEW_REASON_LENGTH,
  REVIEW_DECISIONS,
  REVIEW_STATUSES,
  reviewBodyViolations,
} from '@app/domain';
import { CheckedBy } from '../../common/validation';
import { FREE_TEXT_CHARACTERS } from '../../docs/text-rules';

/** A finding: one list match or BGC Legal person of a process, named by its source and key. */
export class FindingDto {
  @ApiProperty({
    example: 'ofac-sdn',
    description:
      "The match's `source` (sat-69b, sat-69, ofac-sdn, un-consolidated, peps), or `legal-records` for a person of BGC Legal",
  })
  source!: string;

  @ApiProperty({
    example: '36216',
    description: "The match's `entryId` (the list's own key), or the BGC Legal person's `entryId` (its uuid)",
  })
  entryId!: string;
}

@CheckedBy(reviewBodyViolations)
export class CreateReviewDto {
  @ApiProperty({ type: FindingDto, description: 'Which finding of this process is decided on' })
  @Allow()
  finding!: FindingDto;

  @ApiProperty({
    enum: [...REVIEW_DECISIONS],
    example: 'dismissed',
    description:
      '`confirmed`: it is the candidate, the finding counts; `dismissed`: a namesake, the finding stops counting (and is not raised again for this request while the entry stays as it is)',
  })
  @Allow()
  decision!: string;

  @ApiProperty({
    minLength: 1,
    maxLength: MAX_REVIEW_REASON_LENGTH,
    example: 'Fecha de nacimiento distinta en la INE; homónimo.',
    description: `Why, for the record and the report. ${FREE_TEXT_CHARACTERS}`,
  })
  @Allow()
  reason!: string;
}

export class ReviewerDto {
  @ApiProperty({ format: 'uuid', description: 'The user (or the API key) that decided' })
  id!: string;

  @ApiProperty({
    nullable: true,
    type: String,
    example: 'demo@acme.test',
    description: 'Null for an API key',
  })
  email!: string | null;
}

export class ReviewDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ type: FindingDto })
  finding!: FindingDto;

  @ApiProperty({ enum: [...REVIEW_DECISIONS], example: 'dismissed' })
  decision!: string;

  @ApiProperty({ example: 'Fecha de nacimiento distinta en la INE; homónimo.' })
  reason!: string;

  @ApiProperty({ type: ReviewerDto })
  reviewer!: ReviewerDto;

  @ApiProperty({ type: 'integer', example: 1795357425200, description: 'When it was decided (epoch ms)' })
  at!: number;
}

export class ReviewListDto {
  @ApiProperty({ type: [ReviewDto], description: 'Every review of the process, oldest first' })
  data!: ReviewDto[];
}

@CheckedBy(disputeBodyViolations)
export class CreateDisputeDto {
  @ApiProperty({
    type: FindingDto,
    description: "The finding the candidate disputes (of any of the request's finished processes)",
  })
  @Allow()
  finding!: FindingDto;

  @ApiProperty({
    minLength: 1,
    maxLength: MAX_DISPUTE_STATEMENT_LENGTH,
    example: 'No soy la persona de la lista: mi fecha de nacimiento es 1990-03-14.',
    description: `The candidate's statement, as given. ${FREE_TEXT_CHARACTERS}`,
  })
  @Allow()
  statement!: string;
}

export class DisputeDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uuid', description: 'The process whose finding is disputed' })
  processId!: string;

  @ApiProperty({ type: FindingDto })
  finding!: FindingDto;

  @ApiProperty({ example: 'No soy la persona de la lista: mi fecha de nacimiento es 1990-03-14.' })
  statement!: string;

  @ApiProperty({
    enum: ['open', 'resolved'],
    example: 'open',
    description: '`open` until a review of the finding made after the dispute decides it',
  })
  status!: string;

  @ApiProperty({ type: 'integer', example: 1795357425200, description: 'When it was recorded (epoch ms)' })
  at!: number;
}

export class DisputeListDto {
  @ApiProperty({ type: [DisputeDto], description: 'Every dispute of the request, oldest first' })
  data!: DisputeDto[];
}

/** A process's review, in the overview and the process detail. */
export class ProcessReviewDto {
  @ApiProperty({
    enum: [...REVIEW_STATUSES],
    example: 'pending',
    description:
      '`reviewed` once every finding of the process (each match, each BGC Legal person) has a review',
  })
  status!: string;

  @ApiProperty({
    enum: [...FINAL_RESULTS],
    example: 'Aprobado',
    description: 'The result over the findings that still count: dismissed findings do not',
  })
  reviewedResult!: string;

  @ApiProperty({
    example: false,
    description: 'A finding of the process is disputed by the candidate and no later review has decided it',
  })
  disputed!: boolean;
}
