import { Global, Module } from '@nestjs/common';
import { ProcessorHeartbeat } from './processor-heartbeat';
import { RedisClient } from './redis-client';

@Global()
@Module({ providers: [RedisClient, ProcessorHeartbeat], exports: [RedisClient, ProcessorHeartbeat] })
export class RedisModule {}
