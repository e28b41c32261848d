import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
} from '@nestjs/swagger';
import { Audited, byAnswer, byParam } from '../audit/audited';
import { AuthUser, CurrentUser } from '../auth/auth-user';
import { MinimumRole } from '../auth/roles.guard';
import { ApiErrors } from '../docs/api-errors.decorator';
import { ApiTag } from '../docs/tags';
import {
  InvitationDto,
  InviteUserDto,
  UpdateUserDto,
  UserClientQueryDto,
  UserDto,
  UserPageDto,
  UsersQueryDto,
} from './dto/users.dto';
import { ManageUsersUseCase } from './manage-users.use-case';

/** A client's people (docs/behaviour.md, "Users"): its admins list, invite, change and disable them. */
@ApiTag('Accounts')
@ApiBearerAuth('bearer')
@Controller('users')
export class UsersController {
  constructor(private readonly users: ManageUsersUseCase) {}

  @MinimumRole('admin')
  @Audited('user')
  @Get()
  @ApiOperation({
    operationId: 'listUsers',
    summary: "List the client's users",
    description: 'Every user of the client (invited, active and disabled) with their role, by e-mail, paged.',
  })
  @ApiOkResponse({ description: 'A page of users', type: UserPageDto })
  @ApiErrors(400, 401, 403)
  list(@CurrentUser() user: AuthUser, @Query() query: UsersQueryDto): Promise<UserPageDto> {
    return this.users.list(user, query);
  }

  @MinimumRole('admin')
  @Audited('user', byAnswer((a) => a.id))
  @Post('invitations')
  @HttpCode(201)
  @ApiOperation({
    operationId: 'inviteUser',
    summary: 'Invite a person to the client',
    description:
      'Mails (in Spanish) a link `https://<your frontend>/invitations/<token>` that works for 7 days: the person opens it, ' +
      'chooses a password (`POST /invitations/{token}/accept`) and is an active user with the role given. ' +
      'Inviting someone invited already sends a new link and the old one stops working; someone who is a ' +
      'member already (active or disabled) answers 409. A person who is a user of another client keeps their id and password.',
  })
  @ApiBody({
    type: InviteUserDto,
    examples: {
      analyst: {
        summary: 'A recruiter who registers candidates',
        value: { email: 'nueva.analista@acme.test', role: 'analyst' },
      },
      viewer: { summary: 'A manager who only reads', value: { email: 'gerente@acme.test', role: 'viewer' } },
    },
  })
  @ApiCreatedResponse({ description: 'Invited; the mail is on its way', type: InvitationDto })
  @ApiErrors(400, 401, 403, { status: 409, description: 'The person is a member of the client already' })
  invite(@CurrentUser() user: AuthUser, @Body() body: InviteUserDto): Promise<InvitationDto> {
    return this.users.invite(user, body);
  }

  @MinimumRole('admin')
  @Audited('user', byParam('id'))
  @Patch(':id')
  @ApiOperation({
    operationId: 'updateUser',
    summary: "Change a user's role or status",
    description:
      '`role` changes what the user may do in the client; `status: disabled` stops them at once (every session ends: ' +
      'their tokens answer 401) and `active` enables them again. The last active admin of a client can be neither ' +
      'demoted nor disabled (409). Changes reach every instance of the service within 5 seconds.',
  })
  @ApiParam({ name: 'id', format: 'uuid', description: "The user's `id` (from `GET /users`)" })
  @ApiBody({
    type: UpdateUserDto,
    examples: {
      demote: { summary: 'Make a user read-only', value: { role: 'viewer' } },
      disable: { summary: 'Stop a user who left', value: { status: 'disabled' } },
    },
  })
  @ApiOkResponse({ description: 'The user as they are now', type: UserDto })
  @ApiErrors(400, 401, 403, 404, {
    status: 409,
    description: 'The last active admin of the client, or an invitation not accepted yet made active',
  })
  update(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body() body: UpdateUserDto,
    @Query() query: UserClientQueryDto,
  ): Promise<UserDto> {
    return this.users.change(user, id, body, query.clientId);
  }
}
