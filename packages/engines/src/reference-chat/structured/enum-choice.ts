/**
 * Orders the allowed values of an enum (or const) best first: by what the property's name and the
 * conversation suggest (sentiment, priority, language, intent), then by word overlap with the
 * message, with seeded ties, so the choice is grounded yet may vary with the seed.
 */
import type { Rng } from '../prng.js';
import { type HintSource, wordsOf } from './hints.js';

const SENTIMENT_WORDS = {
  positive: ['positive', 'pos', 'happy', 'good', 'satisfied', 'pleased', 'great'],
  negative: ['negative', 'neg', 'angry', 'bad', 'unhappy', 'dissatisfied', 'frustrated', 'upset'],
  neutral: ['neutral', 'neu', 'mixed', 'ok', 'okay', 'none'],
};
const URGENT = ['high', 'urgent', 'critical', 'severe', 'p1', 'major'];
const CALM = ['low', 'normal', 'medium', 'minor', 'p3', 'routine'];

function valueWords(value: unknown): string[] {
  return typeof value === 'string' ? wordsOf(value) : [String(value)];
}

function score(name: string, value: unknown, source: HintSource, messageWords: Set<string>): number {
  const words = valueWords(value);
  const nameWords = wordsOf(name);
  const { conversation, routing } = source;
  let total = 0;
  if (
    nameWords.some((w) => ['sentiment', 'tone', 'mood', 'feeling'].includes(w)) ||
    words.some((w) => SENTIMENT_WORDS.positive.includes(w) || SENTIMENT_WORDS.negative.includes(w))
  ) {
    if (words.some((w) => SENTIMENT_WORDS[conversation.sentiment].includes(w))) total += 10;
  }
  if (nameWords.some((w) => ['priority', 'urgency', 'severity', 'importance'].includes(w))) {
    const wanted = conversation.sentiment === 'negative' ? URGENT : CALM;
    if (words.some((w) => wanted.includes(w))) total += 10;
  }
  if (
    typeof value === 'string' &&
    [conversation.language.code, conversation.language.name.toLowerCase()].includes(value.toLowerCase())
  )
    total += 10;
  if (
    routing.intent &&
    typeof value === 'string' &&
    value.toLowerCase() === routing.intent.item.toLowerCase()
  )
    total += 8;
  if (routing.handoff && value === routing.handoff.item.name) total += 8;
  for (const word of words) if (messageWords.has(word)) total += 2;
  return total;
}

export function rankValues(
  name: string,
  values: readonly unknown[],
  source: HintSource,
  rng: Rng,
): unknown[] {
  const context = [source.conversation.text, source.routing.intent?.item ?? ''].join(' ');
  const messageWords = new Set(wordsOf(context));
  return values
    .map((value) => ({ value, score: score(name, value, source, messageWords), tie: rng.next() }))
    .sort((a, b) => b.score - a.score || a.tie - b.tie)
    .map((entry) => entry.value);
}
