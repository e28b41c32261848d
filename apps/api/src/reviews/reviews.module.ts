import { Module } from '@nestjs/common';
import { MonitorRepository, ReviewRepository } from '@app/persistence';
import { provideUseCase } from '@app/platform';
import { ReviewsController } from './reviews.controller';
import { ReviewsUseCase } from './reviews.use-case';

/** Reviews of findings and disputes (docs/reviews.md); the monitors module reviews alerts through it. */
@Module({
  controllers: [ReviewsController],
  providers: [provideUseCase(ReviewsUseCase, [ReviewRepository, MonitorRepository])],
  exports: [ReviewsUseCase],
})
export class ReviewsModule {}
