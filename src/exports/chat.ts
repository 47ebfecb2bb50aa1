// `partwise/chat`: the tool loop (ChatClient), its session advisors (SessionChat), tool declarations and
// the provider HTTP client with retries and SigV4 signing for Bedrock.
export { ProviderHttpClient, type ProviderHttpClientOptions, type StreamingResponse } from "../client/provider-http-client.js";
export { type CallLimits, DEFAULT_CALL_LIMITS } from "../client/call-limits.js";
export { ChatClient, type ChatClientOptions, type ChatEvent, type ChatObserver, type ChatMemory, type ChatResult, type ChatTool, type SendOptions } from "../chat/chat-client.js";
export { SessionChat, SessionMemoryAdvisor, type SessionChatResult, type SessionTurnOptions } from "../chat/session-advisors.js";
export { toolRequestFields, type ToolDeclaration } from "../chat/tool-declarations.js";
