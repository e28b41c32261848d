import { Module } from '@nestjs/common';
import { QueueModule, WebhooksPlatformModule } from '@app/platform';
import { WebhookDeliveriesUseCase } from './webhook-deliveries.use-case';
import { WebhookEndpointsController } from './webhook-endpoints.controller';
import { WebhookEndpointsUseCase } from './webhook-endpoints.use-case';

@Module({
  imports: [QueueModule.register(), WebhooksPlatformModule],
  controllers: [WebhookEndpointsController],
  providers: [WebhookEndpointsUseCase, WebhookDeliveriesUseCase],
})
export class WebhooksModule {}
