/** A lexicon-based sentiment guess, enough to fill a `sentiment` field from the user's wording. */
export type Sentiment = 'positive' | 'neutral' | 'negative';

const POSITIVE =
  /\b(thanks?|thank you|great|good|love|excellent|happy|glad|awesome|perfect|nice|wonderful|amazing|pleased|merci|danke|gracias|grazie|super|bien|gut)\b/giu;
const NEGATIVE =
  /\b(broken|damaged|bad|angry|terrible|awful|hate|late|never|worst|refund|problem|issue|wrong|missing|disappointed|unhappy|complaint|fail(?:ed|s)?|error|cassé|kaputt|roto|not working|doesn't work)\b/giu;

export function sentimentScore(text: string): number {
  return (text.match(POSITIVE)?.length ?? 0) - (text.match(NEGATIVE)?.length ?? 0);
}

export function detectSentiment(text: string): Sentiment {
  const score = sentimentScore(text);
  return score > 0 ? 'positive' : score < 0 ? 'negative' : 'neutral';
}
