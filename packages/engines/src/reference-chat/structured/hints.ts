/**
 * Values drawn from the conversation when a property's name says what it holds: `summary`
 * summarises the message, `sentiment` follows its wording, `language` is detected, `email`, `name`
 * and `date` come from the text, `intent` and `agent` from routing. Names are matched by words, so
 * `customerEmail`, `customer_email` and `Customer Email` all fit.
 */
import { type Conversation, firstSentence } from '../conversation.js';
import type { Routing } from '../routing.js';

export interface HintSource {
  conversation: Conversation;
  routing: Routing;
  agentName: string;
}

export function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

const has = (name: string, ...words: string[]) => wordsOf(name).some((word) => words.includes(word));

function summary(source: HintSource): string {
  const { conversation, routing } = source;
  const about = routing.intent ? ` about ${routing.intent.item}` : '';
  const text = conversation.text ? `: ${firstSentence(conversation.text, 100)}` : '';
  const images = conversation.images.length > 0 ? ` (with ${conversation.images.length} image(s))` : '';
  return `The user writes${about}${images}${text}`;
}

export function stringHint(name: string, source: HintSource): string | undefined {
  const { conversation, routing } = source;
  if (has(name, 'summary', 'abstract', 'synopsis', 'tldr', 'gist', 'overview')) return summary(source);
  if (has(name, 'sentiment', 'tone', 'mood', 'feeling')) return conversation.sentiment;
  if (has(name, 'language', 'lang', 'locale')) return conversation.language.code;
  if (has(name, 'intent', 'category', 'topic', 'label', 'classification')) return routing.intent?.item;
  if (has(name, 'email', 'mail')) return conversation.emails[0];
  if (has(name, 'url', 'link', 'website', 'uri')) return conversation.urls[0];
  if (has(name, 'date', 'day', 'deadline', 'when')) return conversation.dates[0];
  if (has(name, 'agent', 'handoff', 'assignee')) return routing.handoff?.item.name;
  if (has(name, 'name', 'customer', 'person', 'author', 'contact', 'user')) return conversation.names[0];
  if (has(name, 'id', 'reference', 'ref', 'order', 'ticket'))
    return /\b[A-Z]{1,5}-?\d{2,}\b/.exec(conversation.text)?.[0];
  if (has(name, 'title', 'subject', 'headline', 'keyword'))
    return conversation.keywords.slice(0, 4).join(' ') || undefined;
  if (has(name, 'reason', 'rationale', 'explanation', 'why'))
    return routing.intent
      ? `The message is closest to the intent "${routing.intent.item}".`
      : 'Based on the message wording.';
  if (has(name, 'reply', 'answer', 'response', 'message', 'text', 'content', 'body', 'comment'))
    return `${source.agentName} received ${conversation.text ? `"${firstSentence(conversation.text, 80)}"` : 'your message'}${routing.intent ? ` about ${routing.intent.item}` : ''}.`;
  return undefined;
}

export function listHint(name: string, source: HintSource): string[] | undefined {
  if (has(name, 'keywords', 'tags', 'topics', 'terms', 'labels')) return source.conversation.keywords;
  if (has(name, 'emails')) return source.conversation.emails;
  if (has(name, 'names', 'people', 'entities')) return source.conversation.names;
  return undefined;
}

export function numberHint(name: string, source: HintSource): number | undefined {
  const { conversation, routing } = source;
  if (has(name, 'confidence', 'score', 'probability', 'similarity'))
    return Math.round(Math.max(0, Math.min(1, routing.intent?.score ?? 0.5)) * 100) / 100;
  if (has(name, 'count', 'quantity', 'number', 'amount', 'total', 'qty')) return conversation.numbers[0];
  if (has(name, 'images', 'attachments')) return conversation.images.length;
  if (has(name, 'turns', 'history')) return conversation.history.length;
  return undefined;
}

export function booleanHint(name: string, source: HintSource): boolean | undefined {
  const { conversation, routing } = source;
  if (has(name, 'image', 'images', 'attachment', 'attachments', 'photo'))
    return conversation.images.length > 0;
  if (has(name, 'urgent', 'escalate', 'complaint', 'negative')) return conversation.sentiment === 'negative';
  if (has(name, 'positive', 'satisfied', 'happy')) return conversation.sentiment === 'positive';
  if (has(name, 'handoff', 'transfer')) return routing.handoff !== undefined;
  return undefined;
}
