// Signs Bedrock requests with AWS Signature Version 4 (@smithy/signature-v4, the AWS SDK's own signer),
// hashing with node:crypto. https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-create-signed-request.html
import { createHash, createHmac } from "node:crypto";
import { SignatureV4 } from "@smithy/signature-v4";

export interface AwsCredentials {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly sessionToken?: string;
}

/** The SHA-256 (or HMAC-SHA-256 with a secret) the signer asks for, over node:crypto. */
type SourceData = string | ArrayBuffer | ArrayBufferView;

function bytes(data: SourceData): string | Uint8Array {
  if (typeof data === "string") return data;
  return data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

class NodeSha256 {
  readonly #hash;

  constructor(secret?: SourceData) {
    this.#hash = secret === undefined ? createHash("sha256") : createHmac("sha256", bytes(secret));
  }

  update(data: SourceData): void {
    this.#hash.update(bytes(data));
  }

  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.#hash.digest());
  }
}

/** Credentials from the standard AWS environment variables, or undefined when they are not set. */
export function awsCredentialsFromEnvironment(env: Readonly<Record<string, string | undefined>>): AwsCredentials | undefined {
  const accessKeyId = env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) return undefined;
  return env.AWS_SESSION_TOKEN ? { accessKeyId, secretAccessKey, sessionToken: env.AWS_SESSION_TOKEN } : { accessKeyId, secretAccessKey };
}

/** The headers that sign a request (a POST of `body` unless `method` says otherwise) to `url` for the `bedrock` service. */
export async function signAwsRequest(
  url: URL,
  headers: Record<string, string>,
  body: string,
  options: { credentials: AwsCredentials; region: string; service?: string; now?: Date; signPayloadHash?: boolean; method?: "POST" | "GET" },
): Promise<Record<string, string>> {
  const signer = new SignatureV4({
    // Also sign x-amz-content-sha256, as the AWS SDK does for Bedrock (off only for AWS's test vectors).
    applyChecksum: options.signPayloadHash ?? true,
    credentials: options.credentials,
    region: options.region,
    service: options.service ?? "bedrock",
    sha256: NodeSha256,
  });
  const signed = await signer.sign(
    {
      method: options.method ?? "POST",
      protocol: url.protocol,
      hostname: url.hostname,
      ...(url.port ? { port: Number(url.port) } : {}),
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: { ...headers, host: url.host },
      body,
    },
    options.now ? { signingDate: options.now } : {},
  );
  return signed.headers;
}
