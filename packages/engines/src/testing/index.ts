/** `@assistant-platform/engines/testing`: the fake OpenAI-compatible upstream and its answers. */
export * from './fake-upstream.js';
export * from './upstream-answers.js';
