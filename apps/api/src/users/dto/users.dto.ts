import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import {
  CLIENT_ROLES,
  emailViolations,
  invitationViolations,
  MAX_EMAIL_LENGTH,
  MAX_PASSWORD_LENGTH,
  MEMBER_STATUSES,
  membershipChangeViolations,
  MIN_PASSWORD_LENGTH,
  pageQueryViolations,
  SETTABLE_MEMBER_STATUSES,
  stringFieldViolations,
} from '@app/domain';
import { CountedPageDto, PageQueryDto } from '../../common/pagination';
import { CheckedBy } from '../../common/validation';

const CLIENT_ID_DESCRIPTION = 'Another client of yours where you are admin (default: your default client)';
const PASSWORD_RULES = `At least ${MIN_PASSWORD_LENGTH} characters, not containing your e-mail address or the part before the @, not among the 10,000 most common passwords (400 naming \`password\` otherwise)`;

@CheckedBy((query: UsersQueryDto) => [
  ...pageQueryViolations(query),
  ...stringFieldViolations(query, ['clientId']),
])
export class UsersQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: CLIENT_ID_DESCRIPTION, example: 'acme' })
  @Allow()
  clientId?: string;
}

@CheckedBy((query: UserClientQueryDto) => stringFieldViolations(query, ['clientId']))
export class UserClientQueryDto {
  @ApiPropertyOptional({ description: CLIENT_ID_DESCRIPTION, example: 'acme' })
  @Allow()
  clientId?: string;
}

export class UserDto {
  @ApiProperty({
    format: 'uuid',
    description: "The user's id, the same in every client (audit events name it)",
    example: '3f0c9a4e-2d1b-4c7e-9f6a-1b2c3d4e5f60',
  })
  id!: string;

  @ApiProperty({ example: 'ana.ruiz@acme.test' })
  email!: string;

  @ApiProperty({ enum: [...CLIENT_ROLES], description: 'The role in this client', example: 'analyst' })
  role!: string;

  @ApiProperty({
    enum: [...MEMBER_STATUSES],
    description:
      '`invited` until the invitation is accepted; `disabled` signs in and acts nowhere in this client',
    example: 'active',
  })
  status!: string;

  @ApiProperty({
    type: 'integer',
    format: 'int64',
    nullable: true,
    description: 'Last successful sign-in (epoch ms); null: never',
    example: 1795876200000,
  })
  lastSignInAt!: number | null;

  @ApiProperty({
    type: 'integer',
    format: 'int64',
    description: 'When the user was created (epoch ms)',
    example: 1795000000000,
  })
  createdAt!: number;
}

export class UserPageDto extends CountedPageDto(UserDto, 'Users of the client, by e-mail', 5) {}

@CheckedBy((body: InviteUserDto) => [
  ...invitationViolations(body),
  ...stringFieldViolations(body, ['clientId']),
])
export class InviteUserDto {
  @ApiProperty({
    maxLength: MAX_EMAIL_LENGTH,
    description: 'Whom to invite',
    example: 'nueva.analista@acme.test',
  })
  @Allow()
  email!: string;

  @ApiProperty({
    enum: [...CLIENT_ROLES],
    description: 'The role they will hold in the client',
    example: 'analyst',
  })
  @Allow()
  role!: string;

  @ApiPropertyOptional({ description: CLIENT_ID_DESCRIPTION, example: 'acme' })
  @Allow()
  clientId?: string;
}

export class InvitationDto {
  @ApiProperty({
    format: 'uuid',
    description: "The invited user's id",
    example: '3f0c9a4e-2d1b-4c7e-9f6a-1b2c3d4e5f60',
  })
  id!: string;

  @ApiProperty({ example: 'nueva.analista@acme.test' })
  email!: string;

  @ApiProperty({ enum: [...CLIENT_ROLES], example: 'analyst' })
  role!: string;

  @ApiProperty({ enum: ['invited'], example: 'invited' })
  status!: 'invited';

  @ApiProperty({
    type: 'integer',
    format: 'int64',
    description: 'When the link stops working (epoch ms): 7 days from now',
    example: 1796481000000,
  })
  expiresAt!: number;
}

@CheckedBy((body: UpdateUserDto) => membershipChangeViolations(body))
export class UpdateUserDto {
  @ApiPropertyOptional({
    enum: [...CLIENT_ROLES],
    description: 'The new role in the client',
    example: 'viewer',
  })
  @Allow()
  role?: string;

  @ApiPropertyOptional({
    enum: [...SETTABLE_MEMBER_STATUSES],
    description:
      '`disabled` ends every session of the user at once and stops them acting in this client; `active` enables them again',
    example: 'active',
  })
  @Allow()
  status?: string;
}

@CheckedBy((body: NewPasswordDto) =>
  typeof body.password === 'string' ? [] : [{ field: 'password', message: 'password is required.' }],
)
export class NewPasswordDto {
  @ApiProperty({
    maxLength: MAX_PASSWORD_LENGTH,
    description: PASSWORD_RULES,
    example: 'Tres-tristes-tigres-26',
  })
  @Allow()
  password!: string;
}

@CheckedBy((body: PasswordResetRequestDto) => emailViolations(body.email))
export class PasswordResetRequestDto {
  @ApiProperty({
    maxLength: MAX_EMAIL_LENGTH,
    description: 'The address of the account',
    example: 'demo@acme.test',
  })
  @Allow()
  email!: string;
}

export class PasswordResetRequestedDto {
  @ApiProperty({
    description: 'The same text for every address, known or not',
    example:
      'If an account uses this address, a link to choose a new password is on its way; it works once, for 60 minutes.',
  })
  message!: string;
}
