import { Module } from '@nestjs/common';
import { GetUsageUseCase } from './get-usage.use-case';
import { UsageController } from './usage.controller';

@Module({ controllers: [UsageController], providers: [GetUsageUseCase] })
export class UsageModule {}
