import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { APP_CONFIG, AppConfig } from '@app/platform';
import { AccessTokens } from './access-tokens';
import { ApiKeyAuthority } from './api-key-authority';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { JwtAuthGuard } from './jwt-auth.guard';
import { JwtStrategy } from './jwt.strategy';
import { RolesGuard } from './roles.guard';
import { SessionAuthority } from './session-authority';
import { SignInThrottle } from './signin-throttle';

@Module({
  imports: [
    PassportModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        secret: config.auth.jwtSecret,
        signOptions: { algorithm: 'HS256' },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  controllers: [AuthController],
  providers: [
    AuthService,
    {
      provide: AccessTokens,
      inject: [SessionAuthority],
      useFactory: (s: SessionAuthority) => new AccessTokens(s),
    },
    JwtStrategy,
    SessionAuthority,
    ApiKeyAuthority,
    SignInThrottle,
    // In this order: who the caller is, then what its role lets it do.
    { provide: APP_GUARD, useClass: JwtAuthGuard },
    { provide: APP_GUARD, useClass: RolesGuard },
  ],
  exports: [ApiKeyAuthority, AuthService, SessionAuthority],
})
export class AuthModule {}
