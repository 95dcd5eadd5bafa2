/**
 * Scaled-mode tests share the machine's Redis, and every service they start queues its jobs under
 * the same queue name. Two such files running at once, one in each test process, would take each
 * other's jobs (a job whose task is not in the taker's database is dropped as failed) and time out
 * waiting. Each test process therefore gets a Redis database of its own, numbered by its place in
 * the pool (VITEST_POOL_ID, 1…maxForks); test/helpers/databases.ts reads TEST_REDIS_URL.
 */
if (!process.env.TEST_REDIS_URL) process.env.TEST_REDIS_URL = `redis://127.0.0.1:6379/${process.env.VITEST_POOL_ID ?? '0'}`;
