-- KEYS: bucket (hash r,t,ts), blocked (ms deadline), queue (zset rank),
-- lease (zset expiry ms), seq (arrival counter). ARGV: rpm, tpm, tokens,
-- member, priority, lease_ms.
-- Returns {1, 0} when the caller got its budget, else {0, wait_ms} where
-- wait_ms is 0 when the caller is not first in line.
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local rpm, tpm, need = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local member, prio, lease = ARGV[4], tonumber(ARGV[5]), tonumber(ARGV[6])

-- Forget waiters whose worker stopped polling (crashed).
local dead = redis.call('ZRANGEBYSCORE', KEYS[4], '-inf', now)
for _, m in ipairs(dead) do
  redis.call('ZREM', KEYS[3], m)
  redis.call('ZREM', KEYS[4], m)
end
-- Rank: priority first, then order of arrival (a counter, so that two
-- callers in the same millisecond still keep their order).
if not redis.call('ZSCORE', KEYS[3], member) then
  local seq = redis.call('INCR', KEYS[5])
  redis.call('ZADD', KEYS[3], prio * 1e15 + seq, member)
end
redis.call('ZADD', KEYS[4], now + lease, member)
redis.call('PEXPIRE', KEYS[3], lease * 2)
redis.call('PEXPIRE', KEYS[4], lease * 2)
redis.call('PEXPIRE', KEYS[5], lease * 2)

local head = redis.call('ZRANGE', KEYS[3], 0, 0)
if head[1] ~= member then
  return {0, 0}
end

local blocked = tonumber(redis.call('GET', KEYS[2]) or '0')
if blocked > now then
  return {0, blocked - now}
end

-- Capacity: one second's worth of requests (at least one), so that no
-- minute ever sees more than the budget plus that second. Tokens may go
-- into debt (Settle), which delays the next callers.
local rcap = math.max(1, rpm / 60)
local tcap = math.max(1, tpm / 60)
local h = redis.call('HMGET', KEYS[1], 'r', 't', 'ts')
local r = tonumber(h[1]) or rcap
local tk = tonumber(h[2]) or tcap
local ts = tonumber(h[3]) or now
local el = math.max(0, now - ts)
if rpm > 0 then r = math.min(rcap, r + el * rpm / 60000) end
if tpm > 0 then tk = math.min(tcap, tk + el * tpm / 60000) end

local want_t = math.min(need, tcap)
local wait = 0
if rpm > 0 and r < 1 then
  wait = math.max(wait, math.ceil((1 - r) * 60000 / rpm))
end
if tpm > 0 and tk < want_t then
  wait = math.max(wait, math.ceil((want_t - tk) * 60000 / tpm))
end
if wait > 0 then
  redis.call('HSET', KEYS[1], 'r', tostring(r), 't', tostring(tk), 'ts', now)
  redis.call('PEXPIRE', KEYS[1], 120000)
  return {0, wait}
end
if rpm > 0 then r = r - 1 end
if tpm > 0 then tk = tk - need end
redis.call('HSET', KEYS[1], 'r', tostring(r), 't', tostring(tk), 'ts', now)
redis.call('PEXPIRE', KEYS[1], 120000)
redis.call('ZREM', KEYS[3], member)
redis.call('ZREM', KEYS[4], member)
return {1, 0}
