import { Module } from '@nestjs/common';
import { BillingLedgerRepository } from '@app/persistence';
import { APP_CONFIG, provideUseCase } from '@app/platform';
import { GetUsageUseCase } from './get-usage.use-case';
import { UsageController } from './usage.controller';

@Module({
  controllers: [UsageController],
  providers: [provideUseCase(GetUsageUseCase, [BillingLedgerRepository, APP_CONFIG])],
})
export class UsageModule {}
