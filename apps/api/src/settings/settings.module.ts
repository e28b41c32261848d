import { Module } from '@nestjs/common';
import { RetentionRepository } from '@app/persistence';
import { provideUseCase } from '@app/platform';
import { RetentionSettingsUseCase } from './retention-settings.use-case';
import { SettingsController } from './settings.controller';

@Module({
  controllers: [SettingsController],
  providers: [provideUseCase(RetentionSettingsUseCase, [RetentionRepository])],
})
export class SettingsModule {}
