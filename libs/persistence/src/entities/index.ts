import { AuthSessionEntity } from './auth-session.entity';
import { ClientEntity } from './client.entity';
import { PackageEntity } from './package.entity';
import { RefreshTokenEntity } from './refresh-token.entity';
import { UserClientEntity } from './user-client.entity';
import { UserEntity } from './user.entity';

export { AuthSessionEntity, ClientEntity, PackageEntity, RefreshTokenEntity, UserClientEntity, UserEntity };

/** Listed explicitly: globs break once the code is bundled or moved (nestjs/nest#5505). */
export const ENTITIES = [
  ClientEntity,
  UserEntity,
  UserClientEntity,
  PackageEntity,
  AuthSessionEntity,
  RefreshTokenEntity,
];
