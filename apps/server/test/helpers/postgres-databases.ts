// Every file of `server:postgres` drops the databases it created once its own hooks have run.
import { afterAll } from 'vitest';
import { dropTestDatabases } from './test-store.js';

afterAll(dropTestDatabases);
