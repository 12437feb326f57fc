/**
 * What the engine knows about the conversation: the user's text and images, earlier turns, and
 * facts found in the text (emails, dates, names, URLs, numbers). Everything an answer says about
 * the request comes from here.
 */
import type { ChatEngineRequest } from '../types.js';
import { detectLanguage, type Language } from './language.js';
import { detectSentiment, type Sentiment } from './sentiment.js';

type Block = ChatEngineRequest['message']['content'][number];

export interface Turn {
  role: string;
  text: string;
  images: number;
}

export interface Conversation {
  text: string;
  images: string[];
  history: Turn[];
  language: Language;
  sentiment: Sentiment;
  emails: string[];
  urls: string[];
  dates: string[];
  names: string[];
  numbers: number[];
  keywords: string[];
}

// Anchored and applied per word: an unanchored email pattern backtracks quadratically on long runs
// of letters without an "@", which a hostile message could use to stall the engine.
const EMAIL = /^[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}$/u;
const URL_RE = /https?:\/\/[^\s"'<>]+/g;
const ISO_DATE = /\b(\d{4})-(\d{2})-(\d{2})\b/g;
// Two or more capitalised words in a row ("Ada Lovelace"), a cheap stand-in for named entities.
const NAME = /\b\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)+\b/gu;
const NUMBER = /(?<![\p{L}\d.-])-?\d+(?:\.\d+)?(?![\p{L}\d])/gu;
const STOPWORDS = new Set(
  'the a an and or but is are was were be been to of in on at for with my your our this that it i you we he she they me do does did can could would should will what where when why how please hi hello thanks'.split(
    ' ',
  ),
);

export function textOf(blocks: readonly Block[]): string {
  return blocks
    .flatMap((block) => (block.type === 'text' ? [block.text.trim()] : []))
    .filter((text) => text.length > 0)
    .join('\n');
}

/** A short, readable label for an image: the file name of a URL, or the type of a data URL. */
export function imageLabel(url: string): string {
  const data = /^data:image\/(\w+);/.exec(url);
  if (data) return `an inline ${data[1]} image`;
  const path = url.split(/[?#]/)[0] ?? url;
  const file = path.slice(path.lastIndexOf('/') + 1);
  return file.length > 0 && file.length <= 80 ? file : 'an image';
}

function emailsIn(text: string): string[] {
  return text
    .split(/[\s<>()[\]{},;:"']+/)
    .filter((word) => word.includes('@'))
    .map((word) => word.replace(/[.!?]+$/, ''))
    .filter((word) => EMAIL.test(word));
}

function unique(values: Iterable<string>): string[] {
  return [...new Set(values)];
}

function keywordsOf(text: string): string[] {
  const counts = new Map<string, number>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? []) {
    // Very long "words" (ids, base64, runs of one letter) are not keywords anyone would show.
    if (word.length < 3 || word.length > 40 || STOPWORDS.has(word)) continue;
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([word]) => word);
}

export function readConversation(request: ChatEngineRequest): Conversation {
  const text = textOf(request.message.content);
  const images = request.message.content.flatMap((block) =>
    block.type === 'image_url' ? [imageLabel(block.image_url.url)] : [],
  );
  const history = request.memoryChat.map((message) => ({
    role: message.role,
    text: textOf(message.content),
    images: message.content.filter((block) => block.type === 'image_url').length,
  }));
  const everything = [text, ...history.map((turn) => turn.text)].join('\n');
  return {
    text,
    images,
    history,
    language: detectLanguage(text || everything),
    sentiment: detectSentiment(text),
    emails: unique(emailsIn(everything)),
    // A URL at the end of a sentence should not carry the sentence's full stop.
    urls: unique((everything.match(URL_RE) ?? []).map((url) => url.replace(/[.,;:!?)\]]+$/, ''))),
    dates: unique([...everything.matchAll(ISO_DATE)].map((match) => match[0])),
    names: unique(everything.match(NAME) ?? []),
    numbers: (text.match(NUMBER) ?? []).map(Number).filter(Number.isFinite),
    keywords: keywordsOf(text),
  };
}

/** The first sentence of `text`, at most `maxChars` characters, cut at a word boundary. */
export function firstSentence(text: string, maxChars = 160): string {
  const sentence = (text.split(/(?<=[.!?。！？])\s+|\n/)[0] ?? '').trim();
  if (sentence.length <= maxChars) return sentence;
  const cut = sentence.slice(0, maxChars);
  const space = cut.lastIndexOf(' ');
  return `${space > maxChars / 2 ? cut.slice(0, space) : cut}…`;
}
