import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
} from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../auth/auth-user';
import { ApiErrors } from '../docs/api-errors.decorator';
import { ApiTag } from '../docs/tags';
import {
  CreateMonitorDto,
  MonitorAlertDto,
  MonitorAlertPageDto,
  MonitorAlertsQueryDto,
  MonitorDto,
  MonitorPageDto,
  MonitorsQueryDto,
  ReviewAlertDto,
} from './dto/monitors.dto';
import { MonitorsUseCase } from './monitors.use-case';
import { MinimumRole } from '../auth/roles.guard';
import { Audited, byParam, byAnswer } from '../audit/audited';
import { BLOCKED_REQUEST_410 } from '../docs/retention-errors';

const MONITOR_ID = { name: 'id', format: 'uuid', description: 'The `id` of the monitor' };
const ALERT_ID = { name: 'id', format: 'uuid', description: 'The `id` of the alert' };

const WHEN_ALERTS =
  "When an operator activates a new version of a list the monitor watches, its entries are compared with the previous version by the list's own key; " +
  'only the added and changed entries are screened against the monitored candidates, by the matcher of the list processes. ' +
  'An alert is raised when the candidate now matches (`match` or `possible_match`) an entry it did not match before (`new_match`), ' +
  'when a matched entry changes its list status (`status_changed`) or leaves the list (`removed`); after a legal-records ingest, ' +
  "a person the ingest added or changed whom the request's BGC Legal name query finds (or a new lawsuit of such a person) raises a `new_match` with source `legal-records`. " +
  'Each alert is raised once and written with a `monitor.alert_raised` event (event log and webhooks), usually within seconds of the activation.';

@ApiTag('Monitoring')
@ApiBearerAuth('bearer')
@Controller('monitors')
export class MonitorsController {
  constructor(private readonly monitors: MonitorsUseCase) {}

  @MinimumRole('analyst')
  @Audited('monitor', byAnswer((a) => a.id))
  @Post()
  @ApiOperation({
    operationId: 'createMonitor',
    summary: 'Keep a candidate request under watch (billed per month)',
    description:
      "Watches the request's lists (those of its list processes) and the legal-records corpus when its package has `BGC Legal`, until `expiresAt` (default one year) or `DELETE`. " +
      "One active monitor per request (409 for a second). Billing: one charge per calendar month (in the service's time zone, as `GET /usage` counts) " +
      'the monitor is active in, the first when it is created (`monitorMonths` in `GET /usage`). ' +
      WHEN_ALERTS,
  })
  @ApiBody({
    type: CreateMonitorDto,
    examples: {
      year: {
        summary: 'For a year (the default)',
        value: { candidateRequestUuid: '3f1c2a9e-8d7b-4c6a-9e5f-1a2b3c4d5e6f' },
      },
      until: {
        summary: 'Until a date',
        value: { candidateRequestUuid: '3f1c2a9e-8d7b-4c6a-9e5f-1a2b3c4d5e6f', expiresAt: 1811080800000 },
      },
    },
  })
  @ApiCreatedResponse({ description: 'The monitor, active', type: MonitorDto })
  @ApiErrors(
    {
      status: 400,
      description:
        'An invalid field, or a request whose package has no watch-list process and no BGC Legal (nothing a monitor could watch): `errors` lists every problem',
      summary: 'A request whose package watches no source',
      example: {
        code: 400,
        message: 'The request has 1 invalid field.',
        errors: [
          {
            field: 'candidateRequestUuid',
            message:
              "This candidate request's package has no watch-list process and no BGC Legal: a monitor on it could never raise an alert.",
          },
        ],
      },
    },
    401,
    {
      status: 404,
      description: 'No candidate request of yours has this uuid',
      example: { code: 404, message: 'Candidate request not found.' },
    },
    BLOCKED_REQUEST_410,
    {
      status: 409,
      description: 'The request already has an active monitor',
      example: {
        code: 409,
        message:
          'This candidate request already has an active monitor: stop it (DELETE /monitors/{id}) before creating another.',
      },
    },
    413,
    { body: 'json' },
  )
  create(@CurrentUser() user: AuthUser, @Body() body: CreateMonitorDto): Promise<MonitorDto> {
    return this.monitors.create(user, body);
  }

  @MinimumRole('viewer')
  @Audited('monitor_list')
  @Get()
  @ApiOperation({
    operationId: 'listMonitors',
    summary: "List your clients' monitors",
    description: 'Newest first, paginated; `status` filters.',
  })
  @ApiOkResponse({ description: 'One page of monitors', type: MonitorPageDto })
  @ApiErrors(400, 401)
  list(@CurrentUser() user: AuthUser, @Query() query: MonitorsQueryDto): Promise<MonitorPageDto> {
    return this.monitors.list(user, query);
  }

  @MinimumRole('viewer')
  @Audited('monitor', byParam('id'))
  @Get(':id')
  @ApiOperation({
    operationId: 'getMonitor',
    summary: 'One monitor',
    description: "Another client's monitor answers 404.",
  })
  @ApiParam(MONITOR_ID)
  @ApiOkResponse({ description: 'The monitor', type: MonitorDto })
  @ApiErrors(401, 404)
  get(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<MonitorDto> {
    return this.monitors.get(user, id);
  }

  @MinimumRole('analyst')
  @Audited('monitor', byParam('id'))
  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'stopMonitor',
    summary: 'Stop a monitor',
    description:
      'Its status becomes `stopped` (an expired or stopped monitor stays as it is); it raises nothing more and is not charged for later months. Its alerts stay readable.',
  })
  @ApiParam(MONITOR_ID)
  @ApiNoContentResponse({ description: 'Stopped' })
  @ApiErrors(401, 404)
  stop(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<void> {
    return this.monitors.stop(user, id);
  }

  @MinimumRole('viewer')
  @Audited('monitor', byParam('id'))
  @Get(':id/alerts')
  @ApiOperation({
    operationId: 'listMonitorAlerts',
    summary: "A monitor's alerts",
    description: `Newest first, paginated; every status unless \`status\` is given. ${WHEN_ALERTS}`,
  })
  @ApiParam(MONITOR_ID)
  @ApiOkResponse({ description: 'One page of alerts', type: MonitorAlertPageDto })
  @ApiErrors(400, 401, 404)
  alerts(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Query() query: MonitorAlertsQueryDto,
  ): Promise<MonitorAlertPageDto> {
    return this.monitors.alertsOf(user, id, query);
  }
}

@ApiTag('Monitoring')
@ApiBearerAuth('bearer')
@Controller('monitor-alerts')
export class MonitorAlertsController {
  constructor(private readonly monitors: MonitorsUseCase) {}

  @MinimumRole('viewer')
  @Audited('monitor_alert_list')
  @Get()
  @ApiOperation({
    operationId: 'listAlerts',
    summary: "Alerts of all your clients' monitors",
    description:
      'Newest first, paginated; every status unless `status` is given (`open` for the review queue).',
  })
  @ApiOkResponse({ description: 'One page of alerts', type: MonitorAlertPageDto })
  @ApiErrors(400, 401)
  list(@CurrentUser() user: AuthUser, @Query() query: MonitorAlertsQueryDto): Promise<MonitorAlertPageDto> {
    return this.monitors.alerts(user, query);
  }

  @MinimumRole('analyst')
  @Audited('monitor_alert', byParam('id'))
  @Patch(':id')
  @ApiOperation({
    operationId: 'reviewAlert',
    summary: 'Review an alert',
    description:
      '`dismissed` (not the candidate) or `confirmed`, with an optional note; who reviewed it and when are recorded. ' +
      'A dismissed alert is not raised again for the same entry in the same state; a later change of the entry raises a new one.',
  })
  @ApiParam(ALERT_ID)
  @ApiBody({
    type: ReviewAlertDto,
    examples: {
      dismiss: {
        summary: 'A namesake',
        value: { status: 'dismissed', note: 'Different birth date on the INE.' },
      },
      confirm: { summary: 'It is the candidate', value: { status: 'confirmed' } },
    },
  })
  @ApiOkResponse({ description: 'The alert as reviewed', type: MonitorAlertDto })
  @ApiErrors(400, 401, 404, 413, { body: 'json' })
  review(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body() body: ReviewAlertDto,
  ): Promise<MonitorAlertDto> {
    return this.monitors.review(user, id, body);
  }
}
