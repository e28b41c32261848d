import { createSecretKey } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { APP_CONFIG, AppConfig } from '@app/platform';
import { AccessTokens, bearerToken, VerifiedClaims } from './access-tokens';
import { AuthUser } from './auth-user';

/** passport-jwt verifies a token the first time this process sees it (see AccessTokens). */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly tokens: AccessTokens,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // A KeyObject made once: given a string, jsonwebtoken first tries (and fails) to parse it as
      // a public key on every request, which cost a quarter of the api's CPU under load.
      secretOrKey: createSecretKey(Buffer.from(config.auth.jwtSecret, 'utf8')) as unknown as string,
      algorithms: ['HS256'], // pinned: never accept "none" or a key-confusion algorithm
      ignoreExpiration: false,
      passReqToCallback: true,
    });
  }

  /** Returning false makes passport answer 401, exactly as for a bad signature. */
  async validate(
    request: { headers: Record<string, string | string[] | undefined> },
    claims: VerifiedClaims,
  ): Promise<AuthUser | false> {
    const user = await this.tokens.userFor(claims);
    if (!user) return false;
    const token = bearerToken(request.headers.authorization);
    if (token) this.tokens.remember(token, claims);
    return user;
  }
}
