import { Module } from '@nestjs/common';
import { ActiveWatchLists, WatchListsModule as ActiveWatchListsModule } from '@app/application';
import { WatchListRepository, WatchListScreeningRepository } from '@app/persistence';
import { APP_CONFIG, provideUseCase } from '@app/platform';
import { idempotentCommandsWith, IdempotentCommands } from '../common/idempotency';
import { ListWatchListsUseCase } from './list-watch-lists.use-case';
import { ScreenNamesUseCase } from './screen-names.use-case';
import { WATCH_LISTS_ANSWERS } from './watch-lists.answers';
import { WatchListsController } from './watch-lists.controller';

@Module({
  imports: [ActiveWatchListsModule],
  controllers: [WatchListsController],
  providers: [
    provideUseCase(ListWatchListsUseCase, [WatchListRepository]),
    provideUseCase(ScreenNamesUseCase, [
      ActiveWatchLists,
      WatchListScreeningRepository,
      IdempotentCommands,
      APP_CONFIG,
    ]),
    idempotentCommandsWith(WATCH_LISTS_ANSWERS),
  ],
})
export class WatchListsModule {}
