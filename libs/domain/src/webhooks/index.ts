export * from './url-policy';
export * from './retry-schedule';
export * from './signature';
export * from './subscriptions';
export * from './endpoint-input';
export * from './list-queries';
export * from './webhook-sender';
export * from './delivery-chain';
