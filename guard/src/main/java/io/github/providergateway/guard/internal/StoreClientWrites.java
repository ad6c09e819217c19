package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A data store's client that writes where others read (decision 122, {@code
 * shapes.store-client-writes}): {@code psql}, {@code mysql}, {@code redis-cli}… reached through a
 * credential's or a connection's variable ({@code "$DATABASE_URL"}, {@code -a "$REDIS_PASSWORD"})
 * or a host not this machine's, and given a statement that changes rows, grants or alters, or a
 * key-value command that deletes or walks every key. The first notion counts a SQL client only
 * where production is named; a store reached so is someone's whatever its name. Aerospike's admin
 * tools say their writes as commands of their own ({@link AerospikeWrites}, decision 200).
 */
final class StoreClientWrites {
  private StoreClientWrites() {}

  /** Whether the step is a store's client, reached elsewhere, given a writing statement. */
  static boolean writes(Step step) {
    if (!ShapeObjects.STORE_CLIENTS.contains(step.program())) {
      return false;
    }
    List<Word> args = step.args();
    return elsewhere(step, args)
        && (statement(args)
            || REDIS_CLIENTS.contains(step.program()) && unseenScript(args)
            || AerospikeWrites.admin(step.program(), args));
  }

  /** Redis's clients and its forks'. */
  private static final Set<String> REDIS_CLIENTS =
      NameSet.of("redis-cli", "valkey-cli", "keydb-cli");

  /**
   * Whether Redis is given a script the call does not show (red team, decision 195): {@code --eval
   * FILE}, {@code EVALSHA} of a script loaded before, {@code FCALL} of a library's function. Each
   * runs on the server with every key in reach; their read-only forms ({@code EVALSHA_RO}, {@code
   * FCALL_RO}) are refused any write by the server.
   */
  static boolean unseenScript(List<Word> args) {
    for (Word word : args) {
      String upper = word.text().toUpperCase(Locale.ROOT);
      if (upper.equals("--EVAL") || upper.equals("EVALSHA") || upper.equals("FCALL")) {
        return true;
      }
    }
    return false;
  }

  /**
   * A host not this machine's, a connection's variable, or a credential's variable unless every
   * host the call names is this machine's: a password given to a server named {@code localhost} is
   * the local server's ({@code sqlcmd -S localhost,14333 -P "$SA_PWD"}, decision 201), where a
   * connection's variable may name any server.
   */
  static boolean elsewhere(Step step, List<Word> args) {
    for (String host : Environments.hosts(step)) {
      if (!host.equals("?")
          && host.contains(".")
          && SharedActs.otherMachine(host)
          && !host.endsWith(".test")) {
        return true;
      }
    }
    boolean namedLocal = namesOnlyThisMachine(step);
    for (Word word : args) {
      String text = word.text();
      if (word.literal() || text.length() > 512) {
        continue;
      }
      if (!namedLocal && SharedActs.credential(text) || connectionVariable(text)) {
        return true;
      }
    }
    return false;
  }

  /** Whether the call names a host and every host it names is this machine's. */
  private static boolean namesOnlyThisMachine(Step step) {
    boolean any = false;
    for (String host : DatabaseTargets.hostsOf(step)) {
      if (!host.equals("?")) {
        if (!Environments.localHost(host)) {
          return false;
        }
        any = true;
      }
    }
    return any;
  }

  /** {@code $DATABASE_URL}, {@code ${ORDERS_DSN}}: a connection string the guard cannot read. */
  private static boolean connectionVariable(String text) {
    if (text.length() > 512) {
      return false;
    }
    Matcher variable = FlowReading.VARIABLE.matcher(text);
    while (variable.find()) {
      String name = variable.group(1).toUpperCase(Locale.ROOT);
      String last = name.substring(name.lastIndexOf('_') + 1);
      if (ShapeObjects.CONNECTION_VARIABLES.contains(last) && !exception(name)) {
        return true;
      }
    }
    return false;
  }

  /** {@code STAGING_DATABASE_URL}, {@code TEST_DSN}: a store kept for trying things. */
  private static boolean exception(String name) {
    for (String part : name.split("_")) {
      if (ShapeObjects.CONNECTION_EXCEPTIONS.contains(part)) {
        return true;
      }
    }
    return false;
  }

  /** A command a Lua script calls: {@code redis.call('SET', …)}, {@code redis.pcall("hset", …)}. */
  private static final Pattern SCRIPT_CALL =
      Pattern.compile("redis\\.p?call\\s*\\(\\s*['\"]([A-Za-z]{2,20})['\"]");

  /** Redis's commands that only read: a script calling nothing else changes no key. */
  private static final Set<String> READS =
      NameSet.of(
          "GET",
          "MGET",
          "EXISTS",
          "TTL",
          "PTTL",
          "TYPE",
          "KEYS",
          "SCAN",
          "SSCAN",
          "HSCAN",
          "ZSCAN",
          "HGET",
          "HMGET",
          "HGETALL",
          "HKEYS",
          "HVALS",
          "HLEN",
          "HEXISTS",
          "LRANGE",
          "LLEN",
          "LINDEX",
          "SMEMBERS",
          "SCARD",
          "SISMEMBER",
          "SMISMEMBER",
          "ZRANGE",
          "ZRANGEBYSCORE",
          "ZREVRANGE",
          "ZREVRANGEBYSCORE",
          "ZSCORE",
          "ZMSCORE",
          "ZCARD",
          "ZCOUNT",
          "ZRANK",
          "ZREVRANK",
          "STRLEN",
          "GETRANGE",
          "GETBIT",
          "BITCOUNT",
          "PFCOUNT",
          "XRANGE",
          "XREVRANGE",
          "XLEN",
          "XINFO",
          "DBSIZE",
          "INFO",
          "TIME",
          "OBJECT",
          "MEMORY",
          "GEOPOS",
          "GEODIST",
          "GEOSEARCH",
          "SRANDMEMBER",
          "HRANDFIELD",
          "ZRANDMEMBER");

  /**
   * Whether an {@code EVAL}'s Lua script calls a command that is no read (decision 191): the script
   * runs on the server with every key in reach, so a {@code SET} in a loop over {@code KEYS}
   * rewrites them all as a plain {@code SET} would one.
   */
  static boolean scriptWrites(String script) {
    if (script.length() > 8192) {
      return false;
    }
    Matcher call = SCRIPT_CALL.matcher(script);
    while (call.find()) {
      if (!READS.contains(call.group(1).toUpperCase(Locale.ROOT))) {
        return true;
      }
    }
    return false;
  }

  /** A statement that changes rows, grants or alters; a key-value command that deletes. */
  static boolean statement(List<Word> args) {
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text.startsWith("-") || text.length() < 3) {
        continue;
      }
      String keyword = ShapeObjects.firstKeyword(text);
      if (ShapeObjects.STORE_WRITES.contains(keyword)
          && text.stripLeading().length() > keyword.length()) {
        return true; // -c "UPDATE player_wallets SET …"
      }
      String upper = text.toUpperCase(Locale.ROOT);
      String next = i + 1 < args.size() ? args.get(i + 1).text().toUpperCase(Locale.ROOT) : "";
      if (ShapeObjects.KEY_VALUE_WRITES.contains(upper)
          || ShapeObjects.KEY_VALUE_WRITES.contains(upper + " " + next)) {
        return true; // redis-cli -h … DEL lb:season7, KEYS '*', CONFIG SET
      }
      if (upper.equals("EVAL") && i + 1 < args.size() && scriptWrites(args.get(i + 1).text())) {
        return true; // EVAL "for _,k in ipairs(redis.call('KEYS','seq:*')) do
        // redis.call('SET',k,1)…"
      }
    }
    return false;
  }
}
