import { Module } from '@nestjs/common';
import { IdempotentCommands } from '../common/idempotency';
import { CreateSearchUseCase } from './create-search.use-case';
import { LegalRecordsController } from './legal-records.controller';
import { LegalRecordsSource } from './legal-source';
import { ReadSearchUseCase } from './read-search.use-case';

@Module({
  controllers: [LegalRecordsController],
  providers: [CreateSearchUseCase, ReadSearchUseCase, LegalRecordsSource, IdempotentCommands],
})
export class LegalRecordsModule {}
