import { Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { SecretCipher } from './secret-cipher';

/** What both apps need of webhooks: the cipher of endpoint secrets, keyed from configuration. */
@Module({
  providers: [
    {
      provide: SecretCipher,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new SecretCipher(config.webhooks.secretKey),
    },
  ],
  exports: [SecretCipher],
})
export class WebhooksPlatformModule {}
