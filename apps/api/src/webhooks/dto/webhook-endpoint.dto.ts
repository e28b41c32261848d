import { ApiProperty, IntersectionType } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import {
  endpointListQueryViolations,
  EVENT_TYPES,
  MAX_DESCRIPTION_LENGTH,
  MAX_WEBHOOK_URL_LENGTH,
} from '@app/domain';
import { CountedPageDto, PageQueryDto } from '../../common/pagination';
import { CheckedBy } from '../../common/validation';
import { FREE_TEXT_CHARACTERS } from '../../docs/text-rules';

const URL_PROPERTY = {
  description: `Absolute http or https URL, at most ${MAX_WEBHOOK_URL_LENGTH} characters, without credentials. In production, loopback, private, link-local, unique-local, shared (CGNAT) and cloud metadata addresses are refused (a development or test server may accept them).`,
  maxLength: MAX_WEBHOOK_URL_LENGTH,
  example: 'https://hooks.example.com/screening',
};
const EVENT_TYPE_VALUES = [...EVENT_TYPES];
const EVENTS_EXAMPLE = ['process.finished', 'candidate_request.finished'];
const DESCRIPTION_PROPERTY = {
  maxLength: MAX_DESCRIPTION_LENGTH,
  example: 'ATS integration (production)',
  description: `A label for people. ${FREE_TEXT_CHARACTERS}`,
};

/**
 * docs/integrators.md body of `POST /webhook-endpoints`. `@Allow` only whitelists the fields: their
 * rules are the domain's (endpointInputViolations), so one 400 lists every violation.
 */
export class CreateWebhookEndpointDto {
  @ApiProperty(URL_PROPERTY)
  @Allow()
  url!: string;

  @ApiProperty({
    enum: EVENT_TYPE_VALUES,
    isArray: true,
    example: EVENTS_EXAMPLE,
    description: 'Event types to receive (at least one); omit to receive every type, present and future',
  })
  @Allow()
  events?: string[];

  @ApiProperty(DESCRIPTION_PROPERTY)
  @Allow()
  description?: string;

  @ApiProperty({
    description: 'Client the endpoint belongs to: required when the account has several clients',
    example: 'acme',
  })
  @Allow()
  clientId?: string;
}

/** docs/integrators.md body of `PATCH /webhook-endpoints/{id}`: only the fields sent change. */
export class UpdateWebhookEndpointDto {
  @ApiProperty(URL_PROPERTY)
  @Allow()
  url?: string;

  @ApiProperty({
    enum: EVENT_TYPE_VALUES,
    isArray: true,
    example: EVENTS_EXAMPLE,
    description: 'Event types to receive (at least one); null receives every type again',
  })
  @Allow()
  events?: string[] | null;

  @ApiProperty({
    ...DESCRIPTION_PROPERTY,
    description: `${DESCRIPTION_PROPERTY.description}; null clears it`,
  })
  @Allow()
  description?: string | null;

  @ApiProperty({
    description:
      'false stops deliveries (pending ones end `failed`); true resumes them for new events. Five days of failed deliveries set it to false.',
    example: true,
  })
  @Allow()
  enabled?: boolean;
}

export class WebhookEndpointDto {
  @ApiProperty({ format: 'uuid', example: '6c1d5e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f' })
  id!: string;

  @ApiProperty({ example: 'https://hooks.example.com/screening' })
  url!: string;

  @ApiProperty({
    enum: EVENT_TYPE_VALUES,
    isArray: true,
    example: EVENTS_EXAMPLE,
    description: 'Event types it receives (every type when it subscribed to all)',
  })
  events!: string[];

  @ApiProperty({ example: 'ATS integration (production)' })
  description!: string | null;

  @ApiProperty({
    example: true,
    description: 'Disabled endpoints receive nothing but tests and manual retries',
  })
  enabled!: boolean;

  @ApiProperty({ type: 'integer', description: 'Epoch milliseconds', example: 1795357425000 })
  createdAt!: number;
}

export class WebhookSecretDto {
  @ApiProperty({
    description:
      'The signing secret (Standard Webhooks: `whsec_` + base64 of 32 random bytes). Shown only on creation and rotation: store it.',
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw2mL3qN8Pl9w=',
  })
  secret!: string;
}

export class CreatedWebhookEndpointDto extends IntersectionType(WebhookEndpointDto, WebhookSecretDto) {}

export class WebhookEndpointPageDto extends CountedPageDto(WebhookEndpointDto, 'Newest first', 1) {}

@CheckedBy(endpointListQueryViolations)
export class WebhookEndpointsQueryDto extends PageQueryDto {
  @ApiProperty({
    description: 'Client whose endpoints to list: required when the account has several clients',
    example: 'acme',
  })
  @Allow()
  clientId?: string;
}

export class WebhookTestAcceptedDto {
  @ApiProperty({
    description:
      'The `webhook.test` event written to the log; its delivery appears in the endpoint deliveries',
    example: 'evt_7731_1042',
  })
  eventId!: string;
}
