import { Module } from '@nestjs/common';
import { LegalSourceModule } from '@app/application';
import { IdempotentCommands } from '../common/idempotency';
import { CreateSearchUseCase } from './create-search.use-case';
import { LegalRecordsController } from './legal-records.controller';
import { ListSearchesUseCase } from './list-searches.use-case';
import { ReadSearchUseCase } from './read-search.use-case';

@Module({
  imports: [LegalSourceModule],
  controllers: [LegalRecordsController],
  providers: [CreateSearchUseCase, ReadSearchUseCase, ListSearchesUseCase, IdempotentCommands],
})
export class LegalRecordsModule {}
