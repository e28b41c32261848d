import { NotFoundError } from '@app/domain';
import { PendingOutboxJob, WebhookDeliveryRepository } from '@app/persistence';
import { deliverWebhookJob, OutboxPublisher } from '@app/application';
import { AuthUser } from '../auth/auth-user';
import { isUuid } from '../screening/read-requests.use-case';
import { WebhookDeliveryDto, WebhookDeliveryPageDto } from './dto/webhook-delivery.dto';
import { WebhookEndpointsUseCase } from './webhook-endpoints.use-case';

export const DELIVERY_NOT_FOUND = 'Webhook delivery not found.';

/** The deliveries of an endpoint (docs/integrators.md): their attempts, and a retry on demand. */
export class WebhookDeliveriesUseCase {
  constructor(
    private readonly endpoints: WebhookEndpointsUseCase,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly outbox: OutboxPublisher,
  ) {}

  async list(
    user: AuthUser,
    endpointId: string,
    query: { status?: 'pending' | 'succeeded' | 'failed'; page: number; limit: number },
  ): Promise<WebhookDeliveryPageDto> {
    const endpoint = await this.endpoints.owned(user, endpointId);
    const { rows, total } = await this.deliveries.list(endpoint.id, query);
    return { data: rows, page: query.page, limit: query.limit, total };
  }

  /**
   * A new attempt now, whatever the status (docs/integrators.md): the delivery is scheduled again in the
   * same transaction as its job, and the job is published after the commit.
   */
  async retry(user: AuthUser, endpointId: string, deliveryId: string): Promise<WebhookDeliveryDto> {
    const endpoint = await this.endpoints.owned(user, endpointId);
    let staged: PendingOutboxJob[] = [];
    const delivery = await this.deliveries.inTransaction(async (tx) => {
      const rescheduled = isUuid(deliveryId)
        ? await this.deliveries.rescheduleNow(tx, endpoint.id, deliveryId)
        : null;
      if (!rescheduled) return null;
      staged = await this.outbox.stage(tx, [
        deliverWebhookJob([{ id: deliveryId, generation: rescheduled.generation }]),
      ]);
      const { generation: _generation, ...view } = rescheduled;
      return view;
    });
    if (!delivery) throw new NotFoundError(DELIVERY_NOT_FOUND);
    await this.outbox.publishNow(staged);
    return delivery;
  }
}
