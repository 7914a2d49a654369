-- KEYS: bucket. ARGV: rpm, tpm, delta tokens (positive: take more).
-- Both kinds are refilled up to now first, since they share one timestamp.
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local rpm, tpm, delta = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local rcap = math.max(1, rpm / 60)
local tcap = math.max(1, tpm / 60)
local h = redis.call('HMGET', KEYS[1], 'r', 't', 'ts')
local r = tonumber(h[1]) or rcap
local tk = tonumber(h[2]) or tcap
local ts = tonumber(h[3]) or now
local el = math.max(0, now - ts)
if rpm > 0 then r = math.min(rcap, r + el * rpm / 60000) end
tk = math.min(tcap, math.min(tcap, tk + el * tpm / 60000) - delta)
redis.call('HSET', KEYS[1], 'r', tostring(r), 't', tostring(tk), 'ts', now)
redis.call('PEXPIRE', KEYS[1], 120000)
return 1
