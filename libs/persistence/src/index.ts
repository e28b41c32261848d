export * from './entities';
export * from './data-source-options';
export * from './persistence.module';
export * from './repositories/user.repository';
export * from './repositories/auth-session.repository';
export * from './repositories/package.repository';
export * from './seed/demo-data';
export * from './setup/database-setup';
