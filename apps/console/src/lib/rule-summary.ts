/**
 * A fault rule or chat fixture in a line a person reads (`GET /v1/agents/* for token ci → 503,
 * after 200 ms`) rather than its JSON, and its state beside it: whose requests it applies to,
 * whether it is disabled or used up, how often it fired.
 */
import type { ChatFixture, Fault, FaultRule } from '@assistant-platform/types/admin';
import { ownerText } from './admin-view.js';

/** What a fault does, its parts in the order they happen. */
export function faultText(fault: Fault): string {
  const parts: string[] = [];
  if (fault.delayMs !== undefined) parts.push(`wait ${fault.delayMs} ms`);
  if (fault.code !== undefined) parts.push(`answer ${fault.code}`);
  if (fault.reset) parts.push('reset the connection');
  if (fault.dropAnswer) parts.push('do the work, then drop the answer');
  if (fault.ttftMs !== undefined) parts.push(`first event after ${fault.ttftMs} ms`);
  if (fault.tps !== undefined) parts.push(`${fault.tps} events/s`);
  if (fault.disconnectAfter !== undefined) parts.push(`cut after ${fault.disconnectAfter} events`);
  return parts.join(', ');
}

export function faultRuleText(rule: Pick<FaultRule, 'match' | 'fault'>): string {
  const { method, path, tokenName } = rule.match;
  const requests =
    method === undefined && path === undefined
      ? 'Every request'
      : [method ?? 'Any method', path].filter(Boolean).join(' ');
  return `${requests}${tokenName === undefined ? '' : ` of token ${tokenName}`} → ${faultText(rule.fault)}`;
}

const quoted = (text: string, max = 80) => `“${text.length > max ? `${text.slice(0, max)}…` : text}”`;

export function fixtureText(fixture: Pick<ChatFixture, 'match' | 'answer'>): string {
  const { messageContains, messageMatches, agentName, intent } = fixture.match;
  const conditions = [
    messageContains !== undefined && `message contains ${quoted(messageContains)}`,
    messageMatches !== undefined && `message matches /${messageMatches}/`,
    agentName !== undefined && `agent ${quoted(agentName)}`,
    intent !== undefined && `intent ${quoted(intent)}`,
  ].filter(Boolean);
  const { answer } = fixture;
  const said =
    'content' in answer && answer.content !== undefined
      ? quoted(answer.content)
      : `JSON ${JSON.stringify(answer.json)}`;
  return `${conditions.length === 0 ? 'Every chat' : `Chats whose ${conditions.join(', ')}`} → ${said}`;
}

/** How often an item applied, of how many times, and whether it still can. */
function usage(count: number, times: number | null, enabled: boolean, verb: string): string {
  const state = !enabled ? 'disabled' : times !== null && count >= times ? 'used up' : 'active';
  const of = times === null ? (count === 1 ? ' time' : ' times') : ` of ${times} times`;
  return `${state} · ${verb} ${count}${of}`;
}

export function faultRuleState(rule: FaultRule): string {
  const chance = rule.probability === 1 ? '' : ` · probability ${rule.probability}`;
  return `${usage(rule.fired, rule.times, rule.enabled, 'fired')}${chance} · applies to ${ownerText(rule.accountId)}`;
}

export function fixtureState(fixture: ChatFixture): string {
  return `${usage(fixture.used, fixture.times, fixture.enabled, 'used')} · answers ${ownerText(fixture.accountId)}`;
}
