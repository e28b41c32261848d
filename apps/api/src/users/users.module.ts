import { Logger, Module } from '@nestjs/common';
import { InviteUser } from '@app/application';
import { MembershipRepository } from '@app/persistence';
import { APP_CONFIG, AppConfig, Mailer, provideUseCase } from '@app/platform';
import { AuthModule } from '../auth/auth.module';
import { SessionAuthority } from '../auth/session-authority';
import { AccountLinksController } from './account-links.controller';
import { AccountLinksService } from './account-links.service';
import { RateLimiter } from '../common/rate-limit';
import { ManageUsersUseCase } from './manage-users.use-case';
import { UsersController } from './users.controller';

@Module({
  imports: [AuthModule],
  controllers: [UsersController, AccountLinksController],
  providers: [
    { provide: Mailer, useFactory: (config: AppConfig) => new Mailer(config.mail), inject: [APP_CONFIG] },
    {
      provide: InviteUser,
      useFactory: (memberships: MembershipRepository, mailer: Mailer, config: AppConfig) =>
        new InviteUser(memberships, mailer, config.mail.publicUrl),
      inject: [MembershipRepository, Mailer, APP_CONFIG],
    },
    provideUseCase(ManageUsersUseCase, [
      MembershipRepository,
      InviteUser,
      SessionAuthority,
      { value: new Logger(ManageUsersUseCase.name) },
    ]),
    AccountLinksService,
    RateLimiter,
  ],
})
export class UsersModule {}
