import 'reflect-metadata';
import { ServiceName } from '@sdd/contracts';
import { runMigrationsCommand } from '@sdd/runtime';
import { MIGRATIONS, SCHEMA } from './database';

runMigrationsCommand(ServiceName.Webhook, SCHEMA, MIGRATIONS);
