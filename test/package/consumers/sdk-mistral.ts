// A consumer of the packed partwise with @mistralai/mistralai: the body as mistralSdkRequest gives it is the
// SDK's camelCase `ChatCompletionRequest` / `ChatCompletionStreamRequest`, `model` is required at the encode
// call, and the SDK's response and stream events map back to the wire the decoders read. No casts.
import { Mistral } from "@mistralai/mistralai";
import type { ChatCompletionRequest, ChatCompletionStreamRequest } from "@mistralai/mistralai/models/components";
import { decodeEventStream, decodeMistralResponse, mistralCodec, mistralEventsFromSdk, mistralResponseFromSdk, mistralSdkRequest } from "partwise";

export async function roundTrip(client: Mistral): Promise<void> {
  const history = [{ role: "user" as const, parts: [{ type: "text" as const, text: "Weather in Oslo?" }] }];
  const { body } = mistralCodec.encodeRequest(history, {
    request: { model: "magistral-medium-latest", max_tokens: 512, tools: [{ type: "function", function: { name: "get_weather", parameters: { type: "object" } } }], tool_choice: "auto" },
  });
  const request: ChatCompletionRequest = mistralSdkRequest(body);
  decodeMistralResponse(mistralResponseFromSdk(await client.chat.complete(request)));
  const streamed = mistralCodec.encodeRequest(history, { request: { model: "magistral-medium-latest", stream: true } });
  const streamRequest: ChatCompletionStreamRequest = mistralSdkRequest(streamed.body);
  await decodeEventStream(mistralCodec, mistralEventsFromSdk(await client.chat.stream(streamRequest)));
}

// @ts-expect-error the Mistral API requires `model`
mistralCodec.encodeRequest([], { request: { max_tokens: 10 } });
