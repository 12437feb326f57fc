import { assertType, describe, expectTypeOf, it } from 'vitest';
import type {
  Agent,
  AgentSummary,
  ChatRequestBody,
  ChatResult,
  ChatStreamChunk,
  CreateAgentBody,
  components,
  EmbeddingsBody,
  ErrorMessage,
  paths,
  Tool,
  Transcription,
  UpdateTranscriptionBody,
} from '../src/index.js';

const message: ChatRequestBody['message'] = { role: 'user', content: [{ type: 'text', text: 'hi' }] };

describe('generated types', () => {
  it('accept a minimal chat body and reject a non-user message role', () => {
    assertType<ChatRequestBody>({ name: 'a', description: '', instruction: 'b', intents: [], message });
    assertType<ChatRequestBody>({
      name: 'a',
      description: '',
      instruction: 'b',
      intents: [],
      // @ts-expect-error the chat message role is only `user`
      message: { role: 'assistant', content: [{ type: 'text', text: 'hi' }] },
    });
    // @ts-expect-error `message` is required
    assertType<ChatRequestBody>({ name: 'a', description: '', instruction: 'b', intents: [] });
  });

  it('accept memoryChat and reasoning as values or JSON strings, effort only from its enum', () => {
    assertType<ChatRequestBody['reasoning']>({ effort: 'high' });
    assertType<ChatRequestBody['reasoning']>('{"effort":"low"}');
    // @ts-expect-error effort is one of minimal, low, medium, high
    assertType<ChatRequestBody['reasoning']>({ effort: 'extreme' });
    assertType<ChatRequestBody['memoryChat']>([{ role: 'tool', content: [] }]);
    assertType<ChatRequestBody['memoryChat']>('[]');
  });

  it('discriminate a Tool on `type`', () => {
    assertType<Tool>({ type: 'svc_tool', svc_tool: 'web_search_tool' });
    assertType<Tool>({
      type: 'function',
      function: { name: 'f', parameters: { type: 'object', properties: {} } },
    });
    // @ts-expect-error a Tool needs `type`
    assertType<Tool>({ svc_tool: 'web_search_tool' });
    const functionShape = { name: 'f', parameters: { type: 'object', properties: {} } } as const;
    // @ts-expect-error an svc_tool is not a function tool
    assertType<Tool>({ type: 'svc_tool', function: functionShape });
  });

  it('require name and instruction to create an agent, tools as array or JSON string', () => {
    assertType<CreateAgentBody>({ name: 'a', instruction: 'b' });
    assertType<CreateAgentBody>({ name: 'a', instruction: 'b', tools: '[]' });
    // @ts-expect-error instruction is required
    assertType<CreateAgentBody>({ name: 'a' });
  });

  it('type the full agent record as a superset of the summary', () => {
    expectTypeOf<Agent>().toExtend<AgentSummary>();
    expectTypeOf<Agent['knowledgeBaseId']>().toEqualTypeOf<number | null>();
    expectTypeOf<Agent['tools']>().toEqualTypeOf<Tool[]>();
  });

  it('type the chat result with created as number or string and finish reasons stop/length', () => {
    expectTypeOf<ChatResult['created']>().toEqualTypeOf<number | string>();
    expectTypeOf<ChatResult['request'][number]['finish_reason']>().toEqualTypeOf<'stop' | 'length'>();
  });

  it('require the whole transcript object to update a transcription', () => {
    assertType<UpdateTranscriptionBody>({ transcript: { filename: 'a.mp3', transcript: '' } });
    // @ts-expect-error transcript.transcript is required
    assertType<UpdateTranscriptionBody>({ transcript: { filename: 'a.mp3' } });
    expectTypeOf<Transcription['transcript']>().toEqualTypeOf<{ filename: string; transcript: string }>();
  });

  it('pin the embeddings model and error messages to their literals', () => {
    assertType<EmbeddingsBody>({ sentences: ['a'], model: 'svc-embeddings-v1-20241001' });
    // @ts-expect-error only the one embeddings model exists
    assertType<EmbeddingsBody>({ sentences: ['a'], model: 'other' });
    expectTypeOf<ErrorMessage>().toExtend<string>();
    assertType<ErrorMessage>('Resource does not exist');
    // @ts-expect-error not a message of the contract
    assertType<ErrorMessage>('Not found');
  });

  it('type path parameters from the contract', () => {
    type UpdateParams =
      paths['/transcribe/workspace/{id}/transcriptions/{transcriptionId}']['patch']['parameters']['path'];
    expectTypeOf<UpdateParams>().toEqualTypeOf<{ id: number; transcriptionId: number }>();
    type ViewParams = paths['/agents/view/{id}']['get']['parameters']['path'];
    expectTypeOf<ViewParams>().toEqualTypeOf<{ id: string }>();
  });
});

describe('named types', () => {
  type Schemas = components['schemas'];
  it('are the same types as openapi-typescript writes under components, only named', () => {
    expectTypeOf<Agent>().toEqualTypeOf<Schemas['Agent']>();
    expectTypeOf<AgentSummary>().toEqualTypeOf<Schemas['AgentSummary']>();
    expectTypeOf<CreateAgentBody>().toEqualTypeOf<Schemas['CreateAgentBody']>();
    expectTypeOf<ChatRequestBody>().toEqualTypeOf<Schemas['ChatRequestBody']>();
    expectTypeOf<ChatResult>().toEqualTypeOf<Schemas['ChatResult']>();
    expectTypeOf<ChatStreamChunk>().toEqualTypeOf<Schemas['ChatStreamChunk']>();
    expectTypeOf<Tool>().toEqualTypeOf<Schemas['Tool']>();
    expectTypeOf<Transcription>().toEqualTypeOf<Schemas['Transcription']>();
    expectTypeOf<EmbeddingsBody>().toEqualTypeOf<Schemas['EmbeddingsBody']>();
  });
});
