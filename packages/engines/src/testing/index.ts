/** `@assistant-platform/engines/testing`: the fake OpenAI-compatible upstreams and their answers. */
export * from './fake-upstream.js';
export * from './llama-server-like.js';
export * from './strict-chat-template.js';
export * from './upstream-answers.js';
