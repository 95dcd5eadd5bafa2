export * from './port.js';
export { BuiltinLlm } from './builtin.js';
export { FakeLlm, type FakeReply } from './fake.js';
export { OpenAiCompatibleLlm, chatCompletionBody, toOpenAiMessages, type OpenAiCompatibleLlmOptions, type RemoteLlmModel } from './openai-compatible.js';
export { LocalGgufLlm, type LocalGgufLlmOptions } from './local-gguf.js';
export { LlmRegistry } from './registry.js';
export { parseSse, type SseEvent } from './sse.js';
