/**
 * The plain-text answer: sentences about the request, chosen and worded by the seeded generator.
 * `reasoning.effort` sets the shape: one line at `minimal`, numbered steps at `high`.
 */
import type { ReasoningEffort } from '@assistant-platform/types';
import type { ChatEngineRequest } from '../types.js';
import { type Conversation, firstSentence } from './conversation.js';
import type { Rng } from './prng.js';
import type { Routing } from './routing.js';

export interface AnswerContext {
  request: ChatEngineRequest;
  conversation: Conversation;
  routing: Routing;
  rng: Rng;
}

const quote = (text: string, max = 120) => `"${firstSentence(text, max)}"`;

function topic(ctx: AnswerContext): string {
  const { intent } = ctx.routing;
  return intent ? `your request about ${intent.item}` : 'your request';
}

function opening(ctx: AnswerContext): string {
  const { rng, request, conversation } = ctx;
  const what = conversation.text ? quote(conversation.text) : 'your message';
  return rng.pick([
    `As ${request.name}, I have read ${what}.`,
    `${request.name} here: thanks for your message ${what}.`,
    `You wrote ${what}, and I, ${request.name}, will help with it.`,
  ]);
}

function intentLine(ctx: AnswerContext): string | undefined {
  const { intent } = ctx.routing;
  if (!intent) return undefined;
  return ctx.rng.pick([
    `This matches the intent "${intent.item}".`,
    `I classified it under the intent "${intent.item}".`,
    `The closest intent is "${intent.item}".`,
  ]);
}

function imageLine(ctx: AnswerContext): string | undefined {
  const { images } = ctx.conversation;
  if (images.length === 0) return undefined;
  const list = images.slice(0, 5).join(', ');
  return images.length === 1
    ? `I received one image (${list}); I cannot see its pixels, but I have noted it.`
    : `I received ${images.length} images (${list}); I cannot see their pixels, but I have noted them.`;
}

function memoryLine(ctx: AnswerContext): string | undefined {
  const earlier = [...ctx.conversation.history].reverse().find((turn) => turn.role === 'user' && turn.text);
  const turns = ctx.conversation.history.length;
  if (!earlier) return turns > 0 ? `We have exchanged ${turns} earlier messages.` : undefined;
  return ctx.rng.pick([
    `Earlier you said ${quote(earlier.text)}, and I am taking that into account.`,
    `Following up on what you told me before (${quote(earlier.text)}).`,
  ]);
}

function handoffLine(ctx: AnswerContext): string | undefined {
  const { handoff } = ctx.routing;
  if (!handoff) return undefined;
  const agent = handoff.item;
  return `I would hand off to the agent "${agent.name}" (id ${agent.id}) because its description, ${quote(agent.description, 100)}, best matches your message.`;
}

function instructionLine(ctx: AnswerContext): string {
  return `Following my instruction (${quote(ctx.request.instruction, 100)}), I will address ${topic(ctx)}.`;
}

function closing(ctx: AnswerContext): string {
  return ctx.rng.pick([
    'Let me know if there is anything else I can do.',
    'Tell me if you need more detail.',
    'I hope this helps.',
  ]);
}

/** One line, yet still grounded: the intent, the images received and why a hand-off was chosen. */
function minimalLine(ctx: AnswerContext): string {
  const { intent, handoff } = ctx.routing;
  const { images, text } = ctx.conversation;
  const received =
    images.length === 0 ? '' : ` (${images.length} ${images.length === 1 ? 'image' : 'images'} received)`;
  const what = intent ? `Intent: "${intent.item}"` : `Noted: ${quote(text || 'your message', 80)}`;
  const handoffClause = handoff
    ? ` Hand-off: "${handoff.item.name}" (id ${handoff.item.id}), as its description best matches the message.`
    : '';
  return `${what}${received}.${handoffClause}`;
}

function defined(lines: (string | undefined)[]): string[] {
  return lines.filter((line): line is string => line !== undefined);
}

export function proseAnswer(ctx: AnswerContext): string {
  const effort: ReasoningEffort = ctx.request.reasoning?.effort ?? 'medium';
  if (effort === 'minimal') return minimalLine(ctx);
  const core = defined([opening(ctx), intentLine(ctx), imageLine(ctx), memoryLine(ctx), handoffLine(ctx)]);
  if (effort === 'low') return core.join(' ');
  if (effort === 'medium') return [...core, instructionLine(ctx), closing(ctx)].join(' ');
  const { conversation, request } = ctx;
  const steps = defined([
    `Read the message: ${quote(conversation.text || '(no text)', 200)} (${conversation.language.name}, ${conversation.sentiment} in tone).`,
    conversation.images.length > 0 ? imageLine(ctx) : 'No images were attached.',
    `Consider the context: ${memoryLine(ctx) ?? 'there are no earlier messages.'}`,
    `Match an intent among ${request.intents.length} declared: ${intentLine(ctx) ?? 'none was declared.'}`,
    `Check the agent's role: ${quote(request.description, 160)}.`,
    `Decide on a hand-off: ${handoffLine(ctx) ?? 'no hand-off agents were offered, so I answer myself.'}`,
    `Apply the instruction: ${quote(request.instruction, 160)}.`,
    conversation.keywords.length > 0
      ? `Key terms: ${conversation.keywords.slice(0, 6).join(', ')}.`
      : undefined,
  ]);
  const numbered = steps.map((step, index) => `${index + 1}. ${step}`);
  return [
    opening(ctx),
    'Here is how I worked through it, step by step:',
    ...numbered,
    instructionLine(ctx),
    closing(ctx),
  ].join('\n');
}
