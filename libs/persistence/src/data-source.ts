import { DataSource } from 'typeorm';
import { dataSourceOptions } from './data-source-options';

/** For the TypeORM CLI (`npm run migration:generate`): reads DATABASE_URL like the apps do. */
export default new DataSource(
  dataSourceOptions(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/screening'),
);
