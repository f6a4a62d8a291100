/* SPDX-License-Identifier: ISC */
/*
 * The redis: store's two Lua scripts (redis_lua.h), kept apart from the
 * C that runs them: budget.c's arithmetic, done in the server under the
 * server's clock, one script a change. A script's KEYS and ARGV are what
 * store_redis.c's script() sends.
 */
#include "store/redis_lua.h"

/*
 * KEYS: budget, breaker, hosts. ARGV: burst, ratio, rate (a second),
 * gain, k, duration (us), recover, then the call's own, then host, ttl
 * (ms).
 * The shared part: read the state at the server's now, refill, clamp a
 * time that lies too far ahead (a server whose clock went back), note
 * the host. Both scripts start with it.
 * A key of another type, or a hash without the numbers a run writes, is
 * deleted here and the state taken as fresh (corrupt is then 1): left
 * in place, a wrong type would fail every call (WRONGTYPE) and disable
 * the budget for good. Done by the script, so that no other run's call
 * comes between the check and the new state.
 */
#define LUA_COMMON \
"if redis.replicate_commands then redis.replicate_commands() end\n" \
"local t = redis.call('TIME')\n" \
"local now = tonumber(t[1]) * 1000000 + tonumber(t[2])\n" \
"local burst, ratio, rate = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])\n" \
"local gain, k, dur = tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])\n" \
"local recover = tonumber(ARGV[7])\n" \
"local host, ttl = ARGV[#ARGV - 1], tonumber(ARGV[#ARGV])\n" \
"local corrupt = 0\n" \
"local function replace(key) redis.call('DEL', key); corrupt = 1 end\n" \
"local kinds = {'hash', 'hash', 'zset'}\n" \
"for i = 1, 3 do\n" \
"  local kind = redis.call('TYPE', KEYS[i])\n" \
"  if type(kind) == 'table' then kind = kind.ok end\n" \
"  if kind ~= 'none' and kind ~= kinds[i] then replace(KEYS[i]) end\n" \
"end\n" \
"local function bad(v) return v == nil or v ~= v or v < 0 or v > 1e18 end\n" \
"local b = redis.call('HMGET', KEYS[1], 'tokens', 'at')\n" \
"local tokens, at = tonumber(b[1]), tonumber(b[2])\n" \
"if bad(tokens) or tokens > 1e9 or bad(at) then\n" \
"  if redis.call('EXISTS', KEYS[1]) == 1 then replace(KEYS[1]) end\n" \
"  tokens = burst; at = now\n" \
"end\n" \
"if at > now then at = now end\n" \
"local function add(n)\n" \
"  if tokens < burst then tokens = math.min(burst, tokens + n) end\n" \
"end\n" \
"add(rate * (now - at) / 1000000)\n" \
"local c = redis.call('HMGET', KEYS[2], 'fails', 'open_until', 'probe_until', 'fhost', 'fmany')\n" \
"local fails, open_until, probe_until = tonumber(c[1]), tonumber(c[2]), tonumber(c[3])\n" \
"if bad(fails) or bad(open_until) or bad(probe_until) then\n" \
"  if redis.call('EXISTS', KEYS[2]) == 1 then replace(KEYS[2]); c = {} end\n" \
"  fails = 0; open_until = 0; probe_until = 0\n" \
"end\n" \
"local fhost, fmany = c[4] or '', c[5] or '0'\n" \
"local clamped = false\n" \
"if k > 0 and open_until > now + dur then open_until = now + dur; clamped = true end\n" \
"if k > 0 and probe_until > now + dur then probe_until = now + dur; clamped = true end\n" \
"local function expire(key)\n" \
"  if redis.call('PTTL', key) < ttl then redis.call('PEXPIRE', key, ttl) end\n" \
"end\n" \
"redis.call('ZADD', KEYS[3], now, host)\n" \
"expire(KEYS[3])\n" \
"redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now - math.max(dur, " \
    "3600000000))\n" \
"local function save()\n" \
"  redis.call('HSET', KEYS[1], 'tokens', string.format('%.9f', tokens), 'at', string.format('%.0f', now))\n" \
"  redis.call('HSET', KEYS[2], 'fails', fails, 'open_until', string.format('%.0f', open_until),\n" \
"    'probe_until', string.format('%.0f', probe_until), 'fhost', fhost, 'fmany', fmany)\n" \
"  for i = 1, 3 do expire(KEYS[i]) end\n" \
"end\n" \
"local function circuit()\n" \
"  if open_until == 0 then return 0 end\n" \
"  if now < open_until then return 1 end\n" \
"  return 2\n" \
"end\n"

/*
 * ARGV[8]: 1 for a first attempt. {answer, probe, wait (us), tokens,
 * circuit, corrupt}: circuit is 0 closed, 1 open, 2 half-open (enum
 * circuit_state's order); corrupt is 1 when the keys held what no run writes
 * (replaced by a fresh budget, as the file store does).
 */
const char redis_lua_admit[] = LUA_COMMON
"local answer, probe, wait = 0, 0, '0'\n"
"local was = circuit()\n"
"if k > 0 and open_until ~= 0 then\n"
"  if now < open_until then answer = 2; wait = string.format('%.0f', open_until - now)\n"
"  elseif probe_until > now then answer = 2; wait = string.format('%.0f', probe_until - now)\n"
"  else probe = 1 end\n"
"end\n"
"if answer == 0 then\n"
"  if ARGV[8] == '1' then add(ratio)\n"
"  elseif tokens + 1e-9 >= 1 then tokens = math.max(0, tokens - 1)\n"
"  else\n"
"    answer = 1\n"
"    if rate > 0 then wait = string.format('%.0f', math.floor((1 - tokens) / rate * 1000000) + 1)\n"
"    else wait = '-1' end\n"
"  end\n"
"end\n"
"if answer == 0 and probe == 1 then probe_until = now + dur end\n"
"if answer == 0 or clamped or corrupt == 1 then save() end\n"
"return {answer, probe, wait, string.format('%.9f', tokens), was, corrupt}\n";

/*
 * ARGV[8]: s (success), f (failure), n (neither); ARGV[9]: 1 when the
 * attempt took a token; ARGV[10]: 1 when it was the probe. Returns
 * {corrupt}.
 * The breaker opens on K failures in a row, and, when more than one host
 * used the budget within DURATION, only if two hosts or more failed.
 */
const char redis_lua_report[] = LUA_COMMON
"local function open()\n"
"  open_until = now + dur; probe_until = 0; fails = 0; fhost = ''; fmany = '0'\n"
"end\n"
"local r = ARGV[8]\n"
"if r == 's' then\n"
"  add((ARGV[9] == '1' and 1 or 0) + gain)\n"
"  if recover > 0 and fails >= burst and tokens < burst * recover then tokens = burst * recover end\n"
"  fails = 0; open_until = 0; probe_until = 0; fhost = ''; fmany = '0'\n"
"elseif r == 'f' then\n"
"  if ARGV[10] == '1' and k > 0 then open()\n"
"  elseif open_until == 0 then\n"
"    fails = fails + 1\n"
"    if fhost == '' then fhost = host elseif fhost ~= host then fmany = '1' end\n"
"    if k > 0 and fails >= k then\n"
"      local active = redis.call('ZCOUNT', KEYS[3], now - dur, '+inf')\n"
"      if active <= 1 or fmany == '1' then open() end\n"
"    end\n"
"  end\n"
"elseif ARGV[10] == '1' then probe_until = 0 end\n"
"save()\n"
"return {corrupt}\n";
