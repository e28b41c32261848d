import { Module } from '@nestjs/common';
import { LegalRecordsSource, LegalSearchListRepository, LegalSearchRepository } from '@app/persistence';
import { APP_CONFIG, provideUseCase } from '@app/platform';
import { LegalSourceModule } from '@app/application';
import { idempotentCommandsWith, IdempotentCommands } from '../common/idempotency';
import { CreateSearchUseCase } from './create-search.use-case';
import { LEGAL_RECORDS_ANSWERS } from './legal-records.answers';
import { LegalRecordsController } from './legal-records.controller';
import { ListSearchesUseCase } from './list-searches.use-case';
import { ReadSearchUseCase } from './read-search.use-case';

@Module({
  imports: [LegalSourceModule],
  controllers: [LegalRecordsController],
  providers: [
    provideUseCase(CreateSearchUseCase, [LegalRecordsSource, LegalSearchRepository, IdempotentCommands]),
    provideUseCase(ReadSearchUseCase, [LegalSearchRepository, LegalRecordsSource]),
    provideUseCase(ListSearchesUseCase, [LegalSearchListRepository, APP_CONFIG]),
    idempotentCommandsWith(LEGAL_RECORDS_ANSWERS),
  ],
})
export class LegalRecordsModule {}
