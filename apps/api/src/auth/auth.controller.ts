import { Body, Controller, Header, HttpCode, Ip, Post, Req, applyDecorators } from '@nestjs/common';
import { ApiBody, ApiNoContentResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ApiTag } from '../docs/tags';
import { ApiErrors } from '../docs/api-errors.decorator';
import { Public } from './auth-user';
import { RefreshTokenDto, SignInDto, SignInResultDto } from './auth.dto';
import { AuthService } from './auth.service';

/** Tokens must never sit in a browser's or a proxy's cache (docs/security.md). */
export const TokenAnswer = () =>
  applyDecorators(
    Header('Cache-Control', 'no-store'),
    Header('Pragma', 'no-cache'),
    ApiOkResponse({
      description: 'An access token and a new single-use refresh token, with the account they belong to',
      type: SignInResultDto,
      headers: {
        'Cache-Control': {
          description: 'Never cache tokens',
          schema: { type: 'string', example: 'no-store' },
        },
      },
    }),
  );

@ApiTag('Authentication')
@Public()
@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('signin')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'signIn',
    summary: 'Sign in',
    description:
      'Exchanges e-mail and password for an access token (JWT, send it as `Authorization: Bearer <token>`) and a ' +
      'single-use refresh token. Wrong e-mail and wrong password answer the same 401. After repeated failures ' +
      'for one e-mail (parallel attempts included) the endpoint answers 429 with `Retry-After`, counted apart for the ' +
      'addresses the e-mail signed in from before and for all others, so failures elsewhere do not lock the owner ' +
      'out of their usual addresses; after many ' +
      'failures from one network address, so do e-mails that have not signed in from that address before. ' +
      'Token answers carry `Cache-Control: no-store`.',
  })
  @ApiBody({
    type: SignInDto,
    examples: {
      demo: {
        summary: 'Demo user of client acme',
        value: { email: 'demo@acme.test', password: 'Demo-Pass-2026!' },
      },
    },
  })
  @TokenAnswer()
  @ApiErrors(400, 401, 413, 429, { body: 'json' })
  signIn(
    @Body() body: SignInDto,
    @Ip() address: string,
    @Req() request: { id?: string },
  ): Promise<SignInResultDto> {
    return this.auth.signIn(body.email, body.password, address, request.id);
  }

  @Post('signin/refresh')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'refreshToken',
    summary: 'Rotate the refresh token',
    description:
      'Answers a new access token and a new refresh token and retires the one presented. Presenting a retired ' +
      'refresh token again revokes the whole session (theft detection) and answers 401.',
  })
  @TokenAnswer()
  @ApiErrors(400, 401, { body: 'json' })
  refresh(@Body() body: RefreshTokenDto): Promise<SignInResultDto> {
    return this.auth.refresh(body.refreshToken);
  }

  @Post('signout')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'signOut',
    summary: 'Sign out',
    description:
      'Revokes the session of the refresh token: the refresh token and the access tokens of that session stop working.',
  })
  @ApiNoContentResponse({ description: 'Signed out (also when the token was already revoked or unknown)' })
  @ApiErrors(400, { body: 'json' })
  async signOut(@Body() body: RefreshTokenDto): Promise<void> {
    await this.auth.signOut(body.refreshToken);
  }
}
