/**
 * What a product team's code sees through `createGatewayClient`: the contract's types on every
 * procedure's input and output, and compile errors for what the contract does not allow.
 */
import type {
  Agent,
  AgentSummary,
  ChatResult,
  ChatStreamChunk,
  CreateAgentBody,
  EmbeddingsResult,
  Transcription,
  ValidationIssue,
} from '@assistant-platform/types';
import type { inferRouterInputs } from '@trpc/server';
import { describe, expectTypeOf, it } from 'vitest';
import { type AppRouter, createGatewayClient, type GatewayErrorData } from '../src/index.js';

type Inputs = inferRouterInputs<AppRouter>;
const client = createGatewayClient({ url: 'http://127.0.0.1:4020', token: 'token' });

describe('gateway client types', () => {
  it('returns the contract types', () => {
    expectTypeOf(client.agents.get.query).returns.resolves.toEqualTypeOf<Agent>();
    expectTypeOf(client.agents.create.mutate).returns.resolves.toEqualTypeOf<AgentSummary>();
    expectTypeOf(client.chat.request.mutate).returns.resolves.toEqualTypeOf<ChatResult>();
    expectTypeOf(client.transcriptions.update.mutate).returns.resolves.toEqualTypeOf<Transcription>();
    expectTypeOf(client.embeddings.create.mutate).returns.resolves.toEqualTypeOf<EmbeddingsResult>();
  });

  it('yields contract chunks to a chat.stream subscriber', () => {
    const input = {} as Inputs['chat']['stream'];
    client.chat.stream.subscribe(input, {
      onData(chunk) {
        expectTypeOf(chunk).toEqualTypeOf<ChatStreamChunk>();
      },
    });
  });

  it('takes the contract types as inputs', () => {
    expectTypeOf<Inputs['agents']['create']>().toEqualTypeOf<CreateAgentBody>();
    expectTypeOf<Inputs['agents']['get']>().toEqualTypeOf<{ id: number | string }>();
    expectTypeOf<Inputs['transcriptions']['update']['workspaceId']>().toEqualTypeOf<number>();
    expectTypeOf<Inputs['embeddings']['create']['sentences']>().toEqualTypeOf<string[]>();
  });

  it('rejects what the contract does not allow', () => {
    // @ts-expect-error -- `instruction` is required
    void client.agents.create.mutate({ name: 'x' });
    // @ts-expect-error -- tools are function or svc_tool objects (or a JSON string), not numbers
    void client.agents.create.mutate({ name: 'x', instruction: 'y', tools: [1] });
    // @ts-expect-error -- the procedure decides streaming; `stream` is not an input
    void client.chat.request.mutate({ ...({} as Inputs['chat']['request']), stream: true });
    const maps = { type: 'svc_tool', svc_tool: 'maps' } as const;
    // @ts-expect-error -- the only svc_tool of this version is web_search_tool
    void client.agents.create.mutate({ name: 'x', instruction: 'y', tools: [maps] });
  });

  it('types the error data product code reads', () => {
    expectTypeOf<GatewayErrorData['errors']>().toEqualTypeOf<ValidationIssue[] | undefined>();
    expectTypeOf<GatewayErrorData['retryAfterMs']>().toEqualTypeOf<number | undefined>();
    client.agents.get.query({ id: '1' }).catch((error: unknown) => {
      if (error instanceof Error && 'data' in error) return;
    });
  });
});
