/**
 * Fault rules and chat fixtures edited, disabled and enabled over real HTTP on one server (on
 * SQLite, and on PostgreSQL in `server:postgres`); the same scenarios run on two instances sharing
 * a Redis in test/redis/shared-rule-editing.test.ts. See helpers/rule-editing.ts.
 */
import { describe, it } from 'vitest';
import {
  disableAndEditAFixture,
  disableAndEnableARule,
  editARule,
  editOnlyOwnRules,
  refuseABadEdit,
} from '../helpers/rule-editing.js';
import { useListeningTestApp } from '../helpers/test-app.js';

const origin = useListeningTestApp({ RATE_LIMIT_MAX: '100000' });
const one = () => ({ edit: origin(), call: origin() });

describe('PATCH /_admin/faults/{id} and /_admin/chat-fixtures/{id} on one server', () => {
  it('disables a rule (the next rule answers meanwhile) and enables it again, in its place', () =>
    disableAndEnableARule(one()));
  it('edits the fields given, keeps the rest and the count; a times at the count uses it up', () =>
    editARule(one()));
  it('refuses a bad edit, naming each bad field, and changes nothing', () => refuseABadEdit(one()));
  it('lets an account’s admin edit its account’s rules and fixtures only', () => editOnlyOwnRules(one()));
  it('disables a fixture (the engine answers), then edits and enables it', () =>
    disableAndEditAFixture(one()));
});
