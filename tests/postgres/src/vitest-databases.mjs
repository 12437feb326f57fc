// A vitest setupFiles entry: each test file drops the databases it made once its own hooks ran.
import { afterAll } from 'vitest';
import { dropTestDatabases } from './test-database.mjs';

afterAll(dropTestDatabases);
