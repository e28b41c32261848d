import { Module } from '@nestjs/common';
import { ApiKeyRepository } from '@app/persistence';
import { provideUseCase } from '@app/platform';
import { ApiKeyAuthority } from '../auth/api-key-authority';
import { AuthModule } from '../auth/auth.module';
import { ApiKeysController } from './api-keys.controller';
import { ManageApiKeysUseCase } from './manage-api-keys.use-case';

@Module({
  imports: [AuthModule],
  controllers: [ApiKeysController],
  providers: [provideUseCase(ManageApiKeysUseCase, [ApiKeyRepository, ApiKeyAuthority])],
})
export class ApiKeysModule {}
