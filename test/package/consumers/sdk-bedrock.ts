// A consumer of the packed package with the AWS SDK for Bedrock: partwise's encoded Converse body becomes the
// SDK's ConverseCommandInput / ConverseStreamCommandInput through bedrockConverseInput with no cast, a missing
// required field does not compile, and the SDK's outputs decode through the wire-form helpers.
import {
  BedrockRuntimeClient,
  ConverseCommand,
  ConverseStreamCommand,
  type ConverseCommandInput,
  type ConverseStreamCommandInput,
} from "@aws-sdk/client-bedrock-runtime";
import {
  type BedrockConverseRequest,
  type History,
  bedrockCodec,
  bedrockConverseInput,
  bedrockEventsFromSdk,
  bedrockResponseFromSdk,
  decodeBedrockResponse,
  decodeEventStream,
  encodeBedrockRequest,
} from "partwise";

const modelId = "us.anthropic.claude-sonnet-4-5-20250929-v1:0";
const history: History = { format: "partwise.history", version: 1, messages: [{ role: "user", parts: [{ type: "text", text: "Is it raining in Oslo?" }] }] };

const encoded = bedrockCodec.encodeRequest(history, {
  request: {
    modelId,
    inferenceConfig: { maxTokens: 2048 },
    additionalModelRequestFields: { thinking: { type: "enabled", budget_tokens: 1024 } },
    toolConfig: { tools: [{ toolSpec: { name: "get_weather", inputSchema: { json: { type: "object" } } } }], toolChoice: { auto: {} } },
  },
});
const wireBody: BedrockConverseRequest = encoded.body;
const input: ConverseCommandInput = bedrockConverseInput(encoded.body, modelId);
const streamInput: ConverseStreamCommandInput = bedrockConverseInput(encodeBedrockRequest(history).body, modelId);

// @ts-expect-error a tool configuration needs its tools
bedrockCodec.encodeRequest(history, { request: { toolConfig: { toolChoice: { auto: {} } } } });
// @ts-expect-error the SDK input needs the model id, which goes in the path
bedrockConverseInput(encoded.body);

export async function converse(client: BedrockRuntimeClient) {
  const reply = decodeBedrockResponse(bedrockResponseFromSdk(await client.send(new ConverseCommand(input))));
  const output = await client.send(new ConverseStreamCommand(streamInput));
  const [streamed] = await decodeEventStream(bedrockCodec, bedrockEventsFromSdk(output.stream ?? []));
  return { wireBody, reply, streamed };
}
