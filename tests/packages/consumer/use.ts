/**
 * A product team's code using the published packages, copied into a fresh project as use.mts (ESM),
 * use.cts (CommonJS) and use-bundler.ts (bundler resolution), type-checked with library checks on,
 * compiled and run against a real reference server and gateway. It prints what it saw as JSON.
 */

import { createAssistantClient, NotFoundError } from '@assistant-platform/client';
import {
  type AppRouter,
  createGatewayClient,
  type GatewayErrorData,
} from '@assistant-platform/gateway-client';
import { type Agent, OPERATIONS } from '@assistant-platform/types';
import type { State } from '@assistant-platform/types/admin';
import { ContractValidator, operationValidation } from '@assistant-platform/types/validation';
import type { inferRouterOutputs } from '@trpc/server';

// No @types/node in this project: what it reads of Node is declared here.
declare const process: { env: Record<string, string | undefined> };

type GatewayAgent = inferRouterOutputs<AppRouter>['agents']['get'];

async function main(): Promise<void> {
  const { BASE_URL, GATEWAY_URL, TOKEN, FLAVOR } = process.env;
  if (!BASE_URL || !GATEWAY_URL || !TOKEN || !FLAVOR) throw new Error('BASE_URL, GATEWAY_URL, TOKEN, FLAVOR');

  const issues = operationValidation(new ContractValidator(), 'createAgent').body({ name: 'x' }).issues;

  const sdk = createAssistantClient({ baseUrl: BASE_URL, token: TOKEN, maxRetries: 0 });
  const created = await sdk.agents.create({ name: `Consumer ${FLAVOR}`, instruction: 'Be brief.' });
  const agent: Agent = await sdk.agents.get(created.id);
  const missing = await sdk.agents.get(987654).catch((error: unknown) => error);

  const gateway = createGatewayClient({ url: GATEWAY_URL, token: TOKEN });
  const viaGateway: GatewayAgent = await gateway.agents.get.query({ id: created.agentReferenceId });
  const gatewayMissing = await gateway.agents.get
    .query({ id: '987654' })
    .catch((error: { data?: GatewayErrorData }) => error.data?.code);
  const streamed = await new Promise<string>((resolve, reject) => {
    let text = '';
    gateway.chat.stream.subscribe(
      {
        name: agent.name,
        description: agent.description,
        instruction: agent.instruction,
        intents: [],
        message: { role: 'user', content: [{ type: 'text', text: 'Where is my parcel?' }] },
      },
      {
        onData: (chunk) => {
          text += chunk.request[0]?.delta.content ?? '';
        },
        onError: reject,
        onComplete: () => resolve(text),
      },
    );
  });

  console.log(
    JSON.stringify({
      flavor: FLAVOR,
      createAgentMethod: OPERATIONS.createAgent.method,
      issues: issues.map((issue) => issue.path),
      readBack: agent.name,
      notFound: missing instanceof NotFoundError,
      viaGateway: viaGateway.id === created.id,
      gatewayMissing,
      streamed: streamed.length > 0,
    }),
  );
}

/** Never called: what the compiler must refuse, so the types above are not `any`. */
export function refusedByTheTypes(state: State): void {
  const sdk = createAssistantClient({ baseUrl: 'http://127.0.0.1:4010/v1', token: 't' });
  const gateway = createGatewayClient({ url: 'http://127.0.0.1:4020', token: 't' });
  // @ts-expect-error -- an agent needs its instruction
  void sdk.agents.create({ name: 'x' });
  // @ts-expect-error -- agents.get takes { id }, a number or text
  void gateway.agents.get.query({ id: true });
  // @ts-expect-error -- an account's id is a number
  const name: string = state.accounts[0]?.id;
  void name;
}

main().catch((error: unknown) => {
  console.error(error);
  throw error;
});
