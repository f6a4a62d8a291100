/* SPDX-License-Identifier: ISC */
/*
 * The Lua scripts of the redis: store, one per change of a budget's
 * state, run in the server (EVALSHA, EVAL): KEYS are the budget's,
 * breaker's and hosts' keys; ARGV the budget's parameters, then the
 * call's own, then the host and the keys' expiry (redis_lua.c).
 */
#ifndef RETRY_REDIS_LUA_H
#define RETRY_REDIS_LUA_H

extern const char redis_lua_admit[];	/* ask to start an attempt */
extern const char redis_lua_report[];	/* tell how one ended */

#endif
