/**
 * What a strict chat template accepts, as Mistral's and Gemma's Jinja templates (and many others
 * llama.cpp and Ollama serve) check it: an optional leading system turn, then user and assistant
 * turns alternating, starting with a user turn; a template raises an exception for anything else.
 * llama-server's exact wording for the refusal varies with the template; this is Mistral's.
 */

export interface TemplateTurn {
  role: string;
  content?: unknown;
}

const ROLES_MUST_ALTERNATE = 'Conversation roles must alternate user/assistant/user/assistant/...';

/** Why a strict template refuses `messages`, or undefined when it accepts them. */
export function strictTemplateRefusal(messages: readonly TemplateTurn[]): string | undefined {
  const turns = messages[0]?.role === 'system' ? messages.slice(1) : messages;
  if (turns.length === 0) return 'No user query found in messages.';
  for (const [index, turn] of turns.entries()) {
    const expected = index % 2 === 0 ? 'user' : 'assistant';
    if (turn.role === 'system') return 'System message must be at the beginning.';
    if (turn.role !== expected) return ROLES_MUST_ALTERNATE;
  }
  return undefined;
}

/**
 * A rough token count (a token is about four characters of English), as the fake model server
 * counts a prompt or an embeddings input against its context and batch sizes.
 */
export function roughTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** The text of a message's content: a string, or its text parts. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: { type?: unknown; text?: unknown }) =>
      part?.type === 'text' && typeof part.text === 'string' ? part.text : '',
    )
    .join('\n');
}
