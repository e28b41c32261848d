import { Body, Controller, HttpCode, Ip, Logger, Param, Post, Req } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBody, ApiNoContentResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { Public } from '../auth/auth-user';
import { SignInResultDto } from '../auth/auth.dto';
import { TokenAnswer } from '../auth/auth.controller';
import { ApiErrors } from '../docs/api-errors.decorator';
import { ApiTag } from '../docs/tags';
import { AccountLinksService } from './account-links.service';
import { NewPasswordDto, PasswordResetRequestDto, PasswordResetRequestedDto } from './dto/users.dto';

const RESET_REQUESTED =
  'If an account uses this address, a link to choose a new password is on its way; it works once, for 60 minutes.';
const GONE = (what: string) => ({
  status: 410,
  description: `The ${what} was used already, replaced by a newer one or has expired`,
  example: { code: 410, message: `This ${what} was used already, replaced by a newer one or has expired.` },
});

/** What the links of the service's mails open (docs/behaviour.md, "Users"): no token needed, the link is the proof. */
@ApiTag('Accounts')
@Public()
@Controller()
export class AccountLinksController {
  private readonly logger = new Logger(AccountLinksController.name);

  constructor(private readonly links: AccountLinksService) {}

  @Post('invitations/:token/accept')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'acceptInvitation',
    summary: 'Accept an invitation',
    description:
      'The token is the last part of the link mailed by `POST /users/invitations`. Sets the password chosen and ' +
      'signs in: the answer is that of `POST /signin`. A link works once and for 7 days.',
  })
  @ApiParam({ name: 'token', description: 'The token: the last part of the invitation link' })
  @ApiBody({
    type: NewPasswordDto,
    examples: {
      chosen: { summary: 'A password of your own', value: { password: 'Tres-tristes-tigres-26' } },
    },
  })
  @TokenAnswer()
  @ApiErrors(400, { status: 404, description: 'No invitation has this token' }, GONE('invitation'), {
    body: 'json',
  })
  accept(
    @Param('token') token: string,
    @Body() body: NewPasswordDto,
    @Ip() ip: string,
    @Req() request: { id?: string },
  ): Promise<SignInResultDto> {
    return this.links.acceptInvitation(token, body.password, { id: request.id, ip });
  }

  @Post('password-resets')
  @HttpCode(202)
  @ApiOperation({
    operationId: 'requestPasswordReset',
    summary: 'Ask for a password reset',
    description:
      'Mails (in Spanish) a link `https://<your frontend>/password-resets/<token>` that works once, for 60 minutes, when the ' +
      'address is that of an active user. The answer is the same, and as fast, for every address: it never says ' +
      'whether an account exists. A new request replaces the link of the one before. At most 3 links an hour go to one ' +
      'address: past that the answer is the same and nothing is sent (the last link still works).',
  })
  @ApiBody({
    type: PasswordResetRequestDto,
    examples: { demo: { summary: 'The demo user', value: { email: 'demo@acme.test' } } },
  })
  @ApiAcceptedResponse({
    description: 'Taken: a mail follows if the address has an account',
    type: PasswordResetRequestedDto,
  })
  @ApiErrors(400, { body: 'json' })
  requestReset(@Body() body: PasswordResetRequestDto): PasswordResetRequestedDto {
    // Answered before the work is done, so that the time taken says nothing about the address.
    void this.links
      .requestPasswordReset(body.email)
      .catch((error: unknown) =>
        this.logger.error(
          `A password reset could not be opened: ${error instanceof Error ? error.message : error}`,
        ),
      );
    return { message: RESET_REQUESTED };
  }

  @Post('password-resets/:token')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'resetPassword',
    summary: 'Choose a new password',
    description:
      'The token is the last part of the link mailed by `POST /password-resets`. Sets the new password and ends every ' +
      'session of the person (their refresh tokens stop working; sign in again).',
  })
  @ApiParam({ name: 'token', description: 'The token: the last part of the reset link' })
  @ApiBody({
    type: NewPasswordDto,
    examples: { chosen: { summary: 'A new password', value: { password: 'Tres-tristes-tigres-26' } } },
  })
  @ApiNoContentResponse({ description: 'The password is changed; every session has ended' })
  @ApiErrors(400, { status: 404, description: 'No reset has this token' }, GONE('link'), { body: 'json' })
  reset(
    @Param('token') token: string,
    @Body() body: NewPasswordDto,
    @Ip() ip: string,
    @Req() request: { id?: string },
  ): Promise<void> {
    return this.links.resetPassword(token, body.password, { id: request.id, ip });
  }
}
