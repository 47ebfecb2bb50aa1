// The Lua scripts of the Redis session store. Each touches the keys of one session only (one hash slot,
// see redis-keys.ts), so it runs atomically on a standalone server and on a Redis Cluster alike.
// https://redis.io/docs/latest/develop/interact/programmability/eval-intro/
import { createHash } from "node:crypto";

/** A script and the number of its arguments that are keys. */
export interface RedisScript {
  readonly numberOfKeys: number;
  readonly lua: string;
}

/**
 * KEYS: session hash, attribute list. ARGV: createdAt, expiresAt, metadata, attribute keys (JSON array),
 * expire keys ("1" or "0"). Returns 1 when created, 0 when the id is taken. The attribute list has no
 * TTL: deleteExpired reads it to clean the attribute index after Redis dropped an expired session.
 */
export const CREATE_SESSION: RedisScript = {
  numberOfKeys: 2,
  lua: `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'createdAt', ARGV[1], 'expiresAt', ARGV[2], 'metadata', ARGV[3], 'version', 0, 'expireKeys', ARGV[5])
redis.call('SET', KEYS[2], ARGV[4])
if ARGV[5] == '1' then redis.call('PEXPIREAT', KEYS[1], ARGV[2]) end
return 1`,
};

/**
 * The append steps (KEYS[1..3]: session hash, event list, event-id hash), for a script whose expected
 * version is ARGV[v] ("" for none), followed per event by its id, its type and its record. Returns
 * {"ok", version} ({"ok", version, expiresAt} when the session's keys expire), {"not-found"},
 * {"conflict", version} or {"taken", id...}; in every case but "ok" nothing is written.
 */
function appendSteps(v: number): string {
  return `
local version = redis.call('HGET', KEYS[1], 'version')
if not version then return {'not-found'} end
version = tonumber(version)
if ARGV[${v}] ~= '' and tonumber(ARGV[${v}]) ~= version then return {'conflict', version} end
local count = (#ARGV - ${v}) / 3
local taken = {'taken'}
for index = 0, count - 1 do
  local id = ARGV[${v + 1} + index * 3]
  if redis.call('HEXISTS', KEYS[3], id) == 1 then taken[#taken + 1] = id end
end
if #taken > 1 then return taken end
if count == 0 then return {'ok', version} end
-- In chunks: unpack() of a whole large batch would overflow Lua's stack.
local chunk = 1000
for first = 0, count - 1, chunk do
  local last = math.min(first + chunk, count) - 1
  local records, seqs = {}, {}
  for index = first, last do
    local id = ARGV[${v + 1} + index * 3]
    records[#records + 1] = ARGV[${v + 3} + index * 3]
    seqs[#seqs + 1] = id
    seqs[#seqs + 1] = version + index + 1
  end
  redis.call('RPUSH', KEYS[2], unpack(records))
  redis.call('HSET', KEYS[3], unpack(seqs))
end
local latest = {}
for index = 0, count - 1 do latest['last:' .. ARGV[${v + 2} + index * 3]] = version + index + 1 end
local fields = {'version', version + count}
for field, seq in pairs(latest) do
  fields[#fields + 1] = field
  fields[#fields + 1] = seq
end
redis.call('HSET', KEYS[1], unpack(fields))
if redis.call('HGET', KEYS[1], 'expireKeys') == '1' then
  local expiresAt = redis.call('HGET', KEYS[1], 'expiresAt')
  redis.call('PEXPIREAT', KEYS[2], expiresAt)
  redis.call('PEXPIREAT', KEYS[3], expiresAt)
  return {'ok', version + count, expiresAt}
end
return {'ok', version + count}`;
}

/**
 * KEYS: session hash, event list, event-id hash. ARGV: expected version ("" for none), then per event its
 * id, its type and its record. Replies as appendSteps. The version check and the writes are one step, so
 * two writers with the same expected version never both append.
 */
export const APPEND_EVENTS: RedisScript = { numberOfKeys: 3, lua: appendSteps(1) };

/**
 * A session created together with its first events, in one step, so a failed import leaves no empty
 * session. KEYS: session hash, event list, event-id hash, attribute list. ARGV: as CREATE_SESSION's, then
 * "0" (the expected version) and the events as APPEND_EVENTS takes them. Returns {"exists"} when the id is
 * taken (nothing written), else as appendSteps.
 */
export const CREATE_SESSION_WITH_EVENTS: RedisScript = {
  numberOfKeys: 4,
  lua: `
if redis.call('EXISTS', KEYS[1]) == 1 then return {'exists'} end
redis.call('HSET', KEYS[1], 'createdAt', ARGV[1], 'expiresAt', ARGV[2], 'metadata', ARGV[3], 'version', 0, 'expireKeys', ARGV[5])
redis.call('SET', KEYS[4], ARGV[4])
if ARGV[5] == '1' then redis.call('PEXPIREAT', KEYS[1], ARGV[2]) end
${appendSteps(6)}`,
};

/**
 * KEYS: session hash, event list, event-id hash, attribute list. ARGV: "" to delete unconditionally, or a
 * time (epoch milliseconds) to leave a session that expires after it. Returns {0} when a session was
 * left, else {1 when the session existed (0 when only leftovers did), attribute keys (JSON array),
 * event id...}.
 */
export const DELETE_SESSION: RedisScript = {
  numberOfKeys: 4,
  lua: `
local expiresAt = redis.call('HGET', KEYS[1], 'expiresAt')
if expiresAt and ARGV[1] ~= '' and tonumber(expiresAt) > tonumber(ARGV[1]) then return {0} end
local result = {expiresAt and 1 or 0, redis.call('GET', KEYS[4]) or '[]'}
for _, id in ipairs(redis.call('HKEYS', KEYS[3])) do result[#result + 1] = id end
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3], KEYS[4])
return result`,
};

/**
 * KEYS: session hash, event list. ARGV: event type. Returns {seq, record} of the last event of that type,
 * or {} when there is none.
 */
export const READ_LAST_EVENT: RedisScript = {
  numberOfKeys: 2,
  lua: `
local seq = redis.call('HGET', KEYS[1], 'last:' .. ARGV[1])
if not seq then return {} end
return {tonumber(seq), redis.call('LINDEX', KEYS[2], tonumber(seq) - 1)}`,
};

/**
 * KEYS: event list, event-id hash. ARGV: afterSeq, then event ids. Returns the count of records after
 * afterSeq, those records (seq afterSeq + 1 on), then a seq and a record for each named event at or
 * before afterSeq.
 */
export const READ_VIEW: RedisScript = {
  numberOfKeys: 2,
  lua: `
local afterSeq = tonumber(ARGV[1])
local tail = redis.call('LRANGE', KEYS[1], afterSeq, -1)
local result = {#tail}
for _, record in ipairs(tail) do result[#result + 1] = record end
for index = 2, #ARGV do
  local seq = redis.call('HGET', KEYS[2], ARGV[index])
  if seq and tonumber(seq) <= afterSeq then
    result[#result + 1] = tonumber(seq)
    result[#result + 1] = redis.call('LINDEX', KEYS[1], tonumber(seq) - 1)
  end
end
return result`,
};

/**
 * KEYS: event-id claim. ARGV: session id. Claims the event id for the session when no session holds it.
 * Returns 1 when it claimed it, 0 when the session held it already, else the id of the session that does.
 */
export const CLAIM_EVENT_ID: RedisScript = {
  numberOfKeys: 1,
  lua: `
local owner = redis.call('GET', KEYS[1])
if not owner then
  redis.call('SET', KEYS[1], ARGV[1])
  return 1
end
if owner == ARGV[1] then return 0 end
return owner`,
};

/**
 * KEYS: event-id claim. ARGV: the session expected to hold it, then the new holder ("" to release it).
 * Returns 1 when the claim changed, 0 when another session holds it.
 */
export const MOVE_EVENT_ID: RedisScript = {
  numberOfKeys: 1,
  lua: `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if ARGV[2] == '' then redis.call('DEL', KEYS[1]) else redis.call('SET', KEYS[1], ARGV[2]) end
return 1`,
};

/** Every script, by the name the repository runs it under. */
export const REDIS_SCRIPTS = {
  createSession: CREATE_SESSION,
  appendEvents: APPEND_EVENTS,
  createSessionWithEvents: CREATE_SESSION_WITH_EVENTS,
  deleteSession: DELETE_SESSION,
  readLastEvent: READ_LAST_EVENT,
  readView: READ_VIEW,
  claimEventId: CLAIM_EVENT_ID,
  moveEventId: MOVE_EVENT_ID,
} as const;

export type ScriptName = keyof typeof REDIS_SCRIPTS;

const SHA1: Record<string, string> = Object.fromEntries(
  Object.entries(REDIS_SCRIPTS).map(([name, script]) => [name, createHash("sha1").update(script.lua).digest("hex")]),
);

/**
 * The command that runs a script with its keys and arguments: EVALSHA (the server's cached copy), or
 * EVAL with the text for a node that does not have it (a new, restarted or promoted node).
 */
export function scriptCommand(name: ScriptName, values: readonly (string | number)[], withText: boolean): [string, (string | number)[]] {
  const script = REDIS_SCRIPTS[name];
  return withText ? ["EVAL", [script.lua, script.numberOfKeys, ...values]] : ["EVALSHA", [SHA1[name]!, script.numberOfKeys, ...values]];
}

/** True for the server's answer to EVALSHA of a script it does not have. */
export function isMissingScript(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith("NOSCRIPT");
}
