export * from './config/app-config';
export * from './config/config.module';
export * from './logging/logging.module';
export * from './redis/redis.module';
export * from './redis/redis-client';
export * from './redis/processor-heartbeat';
export * from './queue/queue.contract';
export * from './queue/queue.module';
