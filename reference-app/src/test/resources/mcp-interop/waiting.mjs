// Waiting and reporting for the interop scripts (mcp-e2e.mjs, mcp-http.mjs, shared.mjs). Nothing
// here reads the environment, so any script can import it.

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The first truthy value of `condition`, polled every 50 ms for at most `ms`. */
export async function until(what, condition, ms) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await condition();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(50);
  }
}

/** `promise`, or a rejection naming `what` once `ms` have passed. */
export function within(ms, promise, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A script of checks, its lines on stdout: `check(name, body)` runs `body()` for at most `ms` and
 * reports {"check": name, "observed": …} or {"check": name, "error": text}; `report` writes any
 * such line; `log` writes to stderr under `[tag]`.
 */
export function checks(tag, ms) {
  const report = (check, fields) => process.stdout.write(JSON.stringify({ check, ...fields }) + "\n");
  const log = (...args) => console.error(`[${tag}]`, ...args);
  async function check(name, body) {
    try {
      report(name, { observed: await within(ms, body(), name) });
    } catch (e) {
      log(`${name} failed:`, e);
      report(name, { error: String(e?.stack ?? e) });
    }
  }
  return { check, report, log };
}
