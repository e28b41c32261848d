import { Module } from '@nestjs/common';
import { PersistenceModule } from '@app/persistence';
import { AppConfigModule, DATABASE_SETTINGS, LoggingModule, RedisModule } from '@app/platform';

/**
 * What every app of ours stands on, in the order it must start: configuration, logging, the
 * database and Redis. An app imports this once and adds its own modules.
 */
@Module({
  imports: [AppConfigModule, LoggingModule, PersistenceModule.forRoot(DATABASE_SETTINGS), RedisModule],
  exports: [AppConfigModule, LoggingModule, PersistenceModule, RedisModule],
})
export class FoundationModule {}
