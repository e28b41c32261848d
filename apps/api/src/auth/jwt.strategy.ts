import { createSecretKey } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { APP_CONFIG, AppConfig } from '@app/platform';
import { AccessTokenClaims, AuthUser } from './auth-user';
import { SessionAuthority } from './session-authority';

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly sessions: SessionAuthority,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // A KeyObject made once: given a string, jsonwebtoken first tries (and fails) to parse it as
      // a public key on every request, which cost a quarter of the api's CPU under load.
      secretOrKey: createSecretKey(Buffer.from(config.auth.jwtSecret, 'utf8')) as unknown as string,
      algorithms: ['HS256'], // pinned: never accept "none" or a key-confusion algorithm
      ignoreExpiration: false,
    });
  }

  /** Returning false makes passport answer 401, exactly as for a bad signature. */
  async validate(claims: AccessTokenClaims): Promise<AuthUser | false> {
    if (!claims.sub || !claims.sid || !claims.client || !Array.isArray(claims.clients)) return false;
    const grant = await this.sessions.confirm(claims);
    if (!grant) return false;
    return { userId: grant.userId, client: grant.client, clients: grant.clients, sessionId: claims.sid };
  }
}
