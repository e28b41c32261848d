import { Module } from '@nestjs/common';
import { ActiveWatchLists } from './active-watch-lists';

/** The active watch lists in memory, for the api's screenings and the processor's list processes. */
@Module({ providers: [ActiveWatchLists], exports: [ActiveWatchLists] })
export class WatchListsModule {}
