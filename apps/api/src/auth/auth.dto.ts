import { ApiProperty } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { refreshTokenViolations, signInViolations } from '@app/domain';
import { CheckedBy } from '../common/validation';

/** docs/behaviour.md body; its rules are the domain's (signInViolations). */
@CheckedBy(signInViolations)
export class SignInDto {
  @ApiProperty({ example: 'demo@acme.test', description: 'E-mail of the account', maxLength: 254 })
  @Allow()
  email!: string;

  @ApiProperty({
    example: 'Demo-Pass-2026!',
    description: 'Password of the account',
    maxLength: 256,
    format: 'password',
  })
  @Allow()
  password!: string;
}

@CheckedBy(refreshTokenViolations)
export class RefreshTokenDto {
  @ApiProperty({
    description: 'The refresh token returned by POST /signin or POST /signin/refresh',
    example: 'paste-the-refreshToken-from-signin',
    maxLength: 512,
  })
  @Allow()
  refreshToken!: string;
}

/** docs/behaviour.md. */
export class SignInResultDto {
  @ApiProperty({ example: true, description: 'true on successful authentication' })
  success!: boolean;

  @ApiProperty({ example: 'Demo Acme', description: 'Display name of the user' })
  name!: string;

  @ApiProperty({ example: 'analyst', description: 'Profile identifier' })
  profile!: string;

  @ApiProperty({ example: '', description: 'URL of the user photo; may be empty' })
  photoURL!: string;

  @ApiProperty({ example: 'acme', description: "Identifier of the user's default client" })
  client!: string;

  @ApiProperty({
    example: ['acme'],
    type: [String],
    description: 'Identifiers of all clients assigned to the account',
  })
  clients!: string[];

  @ApiProperty({
    description: 'Bearer token (JWT, HS256) for every later request',
    example: 'eyJhbGciOiJIUzI1NiIs...',
  })
  accessToken!: string;

  @ApiProperty({
    description: 'Opaque refresh token (30 days, single use: POST /signin/refresh)',
    example: 'k3J0...',
  })
  refreshToken!: string;

  @ApiProperty({ description: 'Lifetime of the access token in seconds', example: 900 })
  expiresIn!: number;
}
