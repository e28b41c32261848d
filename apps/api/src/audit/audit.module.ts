import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { AuditRepository } from '@app/persistence';
import { provideUseCase } from '@app/platform';
import { AuditController } from './audit.controller';
import { AuditTrail } from './audit-trail';
import { AuditInterceptor } from './audited';
import { ReadAuditEventsUseCase } from './read-audit-events.use-case';

/** The audit log: the interceptor that writes it, the trail others write through, its reading. */
@Global()
@Module({
  controllers: [AuditController],
  providers: [
    AuditTrail,
    { provide: APP_INTERCEPTOR, useClass: AuditInterceptor },
    provideUseCase(ReadAuditEventsUseCase, [AuditRepository]),
  ],
  exports: [AuditTrail],
})
export class AuditModule {}
