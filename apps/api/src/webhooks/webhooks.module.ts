import { Module } from '@nestjs/common';
import { WebhooksPlatformModule } from '@app/platform';
import { OutboxModule } from '@app/application';
import { WebhookDeliveriesUseCase } from './webhook-deliveries.use-case';
import { WebhookEndpointsController } from './webhook-endpoints.controller';
import { WebhookEndpointsUseCase } from './webhook-endpoints.use-case';

@Module({
  imports: [OutboxModule.register(), WebhooksPlatformModule],
  controllers: [WebhookEndpointsController],
  providers: [WebhookEndpointsUseCase, WebhookDeliveriesUseCase],
})
export class WebhooksModule {}
