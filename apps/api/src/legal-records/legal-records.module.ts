import { Module } from '@nestjs/common';
import { LegalSourceModule } from '@app/platform';
import { IdempotencyModule } from '../common/idempotency';
import { CreateSearchUseCase } from './create-search.use-case';
import { LegalRecordsController } from './legal-records.controller';
import { ListSearchesUseCase } from './list-searches.use-case';
import { ReadSearchUseCase } from './read-search.use-case';

@Module({
  imports: [LegalSourceModule, IdempotencyModule],
  controllers: [LegalRecordsController],
  providers: [CreateSearchUseCase, ReadSearchUseCase, ListSearchesUseCase],
})
export class LegalRecordsModule {}
