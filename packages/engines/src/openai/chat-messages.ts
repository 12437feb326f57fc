/**
 * Our chat request as OpenAI chat messages: the inline agent becomes one system message, then the
 * earlier turns, then the user's message.
 *
 * Strict chat templates (Mistral's, Gemma's, many served by llama.cpp and Ollama) accept only an
 * optional system turn, then user and assistant turns alternating, starting with a user turn. So the
 * history's system turns are folded into the leading system message, consecutive turns of one role
 * are merged into one, and a history that opens with the assistant (an agent's greeting) has that
 * opening folded into the system message too, saying it was the assistant's, rather than inventing
 * a user turn the user never wrote.
 */
import type { ContentBlock, HistoryMessage } from '@assistant-platform/types';
import type { ChatEngineRequest, HandoffAgent } from '../types.js';

export type OpenAIContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string } };

export interface OpenAIChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string | OpenAIContentPart[];
}

export function buildChatMessages(request: ChatEngineRequest): OpenAIChatMessage[] {
  const systemTexts = request.memoryChat
    .filter((message) => message.role === 'system')
    .map((message) => plainText(message.content))
    .filter((text) => text !== '');
  const turns = mergeSameRole([
    ...request.memoryChat.filter((message) => message.role !== 'system').map(historyMessage),
    userMessage(request.message.content),
  ]);
  // Assistant turns are plain text (historyMessage), so the opening's content is a string.
  const opening = turns[0]?.role === 'assistant' ? turns.shift()?.content : undefined;
  const openingText =
    typeof opening === 'string' ? [`The conversation began with this message of yours:\n${opening}`] : [];
  return [
    { role: 'system', content: [agentSystemPrompt(request), ...systemTexts, ...openingText].join('\n\n') },
    ...turns,
  ];
}

/** Whether any turn carries an image part (only user turns can). */
export function carriesImages(messages: OpenAIChatMessage[]): boolean {
  return messages.some(
    (message) =>
      typeof message.content !== 'string' && message.content.some((part) => part.type === 'image_url'),
  );
}

function mergeSameRole(turns: OpenAIChatMessage[]): OpenAIChatMessage[] {
  const merged: OpenAIChatMessage[] = [];
  for (const turn of turns) {
    const previous = merged.at(-1);
    if (previous?.role === turn.role) merged[merged.length - 1] = joinTurns(previous, turn);
    else merged.push(turn);
  }
  return merged;
}

/** The turns' parts in order; where text meets text at the seam, a blank line joins them. */
function joinTurns(first: OpenAIChatMessage, second: OpenAIChatMessage): OpenAIChatMessage {
  if (typeof first.content === 'string' && typeof second.content === 'string') {
    const content = [first.content, second.content].filter((text) => text !== '').join('\n\n');
    return { role: first.role, content };
  }
  const head = partsOf(first.content);
  const [seam, ...tail] = partsOf(second.content);
  const last = head.at(-1);
  if (last?.type === 'text' && seam?.type === 'text') {
    return {
      role: first.role,
      content: [...head.slice(0, -1), { type: 'text', text: `${last.text}\n\n${seam.text}` }, ...tail],
    };
  }
  return { role: first.role, content: seam ? [...head, seam, ...tail] : head };
}

function partsOf(content: string | OpenAIContentPart[]): OpenAIContentPart[] {
  if (typeof content !== 'string') return content;
  return content === '' ? [] : [{ type: 'text', text: content }];
}

/** Everything the inline agent says about itself, in the order a model should weigh it. */
export function agentSystemPrompt(request: ChatEngineRequest): string {
  const sections = [
    `You are ${request.name}. ${request.description}`.trim(),
    `Instructions:\n${request.instruction}`,
  ];
  if (request.intents.length > 0) {
    sections.push(`Intents you handle:\n${request.intents.map((intent) => `- ${intent}`).join('\n')}`);
  }
  if (request.handoffAgents.length > 0) {
    sections.push(
      [
        'Agents you may hand off to. When the user needs one of them, name the agent and say why:',
        ...request.handoffAgents.map(handoffLine),
      ].join('\n'),
    );
  }
  return sections.join('\n\n');
}

function handoffLine(agent: HandoffAgent): string {
  const intents = agent.intents.length > 0 ? ` Intents: ${agent.intents.join(', ')}.` : '';
  return `- ${agent.name} (id ${agent.id}): ${agent.description}${intents}`;
}

/**
 * OpenAI accepts image parts only in user messages, and `tool`/`function` messages only as answers
 * to a tool call with its id, which our history does not carry. So tool and function turns are sent
 * as user messages labelled with their role, and system/assistant turns as plain text.
 */
function historyMessage(message: HistoryMessage): OpenAIChatMessage {
  switch (message.role) {
    case 'system':
    case 'assistant':
      return { role: message.role, content: plainText(message.content) };
    case 'tool':
    case 'function':
      return userMessage([{ type: 'text', text: `[${message.role} output]` }, ...message.content]);
    default:
      return userMessage(message.content);
  }
}

function userMessage(blocks: ContentBlock[]): OpenAIChatMessage {
  // Some servers reject an empty parts array; an empty string is accepted everywhere.
  if (blocks.length === 0) return { role: 'user', content: '' };
  return { role: 'user', content: blocks.map(contentPart) };
}

function contentPart(block: ContentBlock): OpenAIContentPart {
  return block.type === 'text'
    ? { type: 'text', text: block.text }
    : { type: 'image_url', image_url: { url: block.image_url.url } };
}

function plainText(blocks: ContentBlock[]): string {
  return blocks.map((block) => (block.type === 'text' ? block.text : '[image]')).join('\n\n');
}
