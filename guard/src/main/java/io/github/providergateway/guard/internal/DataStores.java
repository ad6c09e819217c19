package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The data stores other than SQL databases, for the {@code db.*} rules' predicates ({@link
 * DataPredicates}): Redis (its commands as arguments, or fed on standard input to {@code redis-cli}
 * or a raw TCP client), MongoDB shells' JavaScript, InfluxDB, etcd, Consul's key-value store,
 * Elasticsearch and OpenSearch over HTTP, Kafka's topics, RabbitMQ's queues, and Heroku's {@code
 * pg:reset}. What a client is fed is read as SQL is: its arguments, here-documents and here-strings
 * ({@link SqlStatements#statements}), and what a printer of the same command prints.
 */
final class DataStores {
  private DataStores() {}

  /**
   * What the call's data-store programs are, read once a scan.
   *
   * @param redis whether a Redis client or a raw socket client runs
   * @param mongo whether a MongoDB shell runs
   * @param scansKeys whether a Redis client lists every key
   */
  private record Clients(boolean redis, boolean mongo, boolean scansKeys) {}

  private static Clients clients(Scan scan) {
    boolean redis = false;
    boolean mongo = false;
    boolean scansKeys = false;
    for (Step step : scan.steps()) {
      if (!step.is(ProgramKind.DATA_STORE)) {
        continue; // one bit for most programs
      }
      String program = step.program();
      redis |= redisClient(program) || rawClient(program);
      mongo |= mongoShell(program);
      scansKeys |= redisClient(program) && scansEveryKey(step);
    }
    return new Clients(redis, mongo, scansKeys);
  }

  /**
   * {@return whether a program may send commands to a data store: a store's client, or a printer
   * (what it prints may feed one); no other's losses are read}
   */
  static boolean mayReach(Step step) {
    return step.is(ProgramKind.DATA_STORE) || step.is(ProgramKind.ECHO);
  }

  /** {@return whether a program of this name may reach a data store ({@link #mayReach(Step)})} */
  static boolean mayReach(String program) {
    return ProgramKind.DATA_STORE.names(program) || ProgramKind.ECHO.names(program);
  }

  /**
   * What a data-store program destroys, or a printer feeding one ({@code echo FLUSHALL | nc …}).
   *
   * @param scan the call
   * @param step the program
   * @return what it destroys, in the order found; empty for most programs
   */
  static List<DataLoss> losses(Scan scan, Step step) {
    if (!mayReach(step)) {
      return List.of();
    }
    boolean store = step.is(ProgramKind.DATA_STORE);
    Clients clients = scan.once("DataStores.clients", DataStores::clients);
    if (!store && !clients.redis() && !clients.mongo()) {
      return List.of();
    }
    if (store && (Environments.localTestData(scan, step) || inLocalContainer(scan, step))) {
      return List.of(); // a store of this machine's, its test data (decision 92)
    }
    List<DataLoss> found = new ArrayList<>();
    String program = step.program();
    if (redisClient(program) || rawClient(program) || clients.redis() && !store) {
      for (String text : SqlStatements.statements(scan, step)) {
        if (flushesRedis(text)) {
          found.add(DataLoss.FLUSH);
        }
      }
    }
    if (redisClient(program)
        && clients.scansKeys()
        && step.reachedBy("xargs")
        && deletesKeys(step.invocation().args())) {
      found.add(DataLoss.FLUSH); // redis-cli --scan | xargs redis-cli del
    }
    if (mongoShell(program) || clients.mongo() && !store) {
      for (String text : SqlStatements.statements(scan, step)) {
        mongo(text, found);
      }
    }
    DataLoss loss =
        switch (program) {
          case "influx" -> influx(step.invocation().args());
          case "etcdctl" -> etcd(step.invocation().args());
          case "consul" -> consul(step.invocation().args());
          case "kafka-topics", "kafka-topics.sh" ->
              step.invocation().args().contains("--delete") ? DataLoss.DROP : null;
          case "rpk" -> rpk(step.invocation().args());
          case "rabbitmqctl" -> rabbitmqctl(step.invocation().args());
          case "rabbitmqadmin" -> rabbitmqadmin(step.invocation().args());
          case "heroku" -> step.invocation().args().contains("pg:reset") ? DataLoss.DROP : null;
          case "curl", "http", "https", "xh" -> searchIndexDeleted(step.args());
          default -> null;
        };
    if (loss != null) {
      found.add(loss);
    }
    return found;
  }

  private static boolean redisClient(String program) {
    return program.equals("redis-cli")
        || program.equals("valkey-cli")
        || program.equals("keydb-cli");
  }

  /** A client that writes what it is fed to a socket: Redis's protocol is plain text lines. */
  private static boolean rawClient(String program) {
    return switch (program) {
      case "nc", "ncat", "netcat", "socat", "telnet" -> true;
      default -> false;
    };
  }

  private static boolean mongoShell(String program) {
    return program.equals("mongosh") || program.equals("mongo");
  }

  /** Whether text holds FLUSHALL or FLUSHDB as a word, in any case. */
  private static boolean flushesRedis(String text) {
    int start = -1;
    for (int i = 0; i <= text.length(); i++) {
      boolean letter = i < text.length() && Character.isLetter(text.charAt(i));
      if (letter && start < 0) {
        start = i;
      } else if (!letter && start >= 0) {
        String word = text.substring(start, i);
        if (word.equalsIgnoreCase("flushall") || word.equalsIgnoreCase("flushdb")) {
          return true;
        }
        start = -1;
      }
    }
    return false;
  }

  /** {@code redis-cli --scan} (or {@code KEYS *}) listing every key: no pattern, or {@code *}. */
  private static boolean scansEveryKey(Step step) {
    List<String> args = step.invocation().args();
    int pattern = args.indexOf("--pattern");
    if (args.contains("--scan")) {
      return pattern < 0 || pattern + 1 < args.size() && args.get(pattern + 1).equals("*");
    }
    int keys = lowerIndexOf(args, "keys");
    return keys >= 0 && keys + 1 < args.size() && args.get(keys + 1).equals("*");
  }

  private static boolean deletesKeys(List<String> args) {
    return lowerIndexOf(args, "del") >= 0 || lowerIndexOf(args, "unlink") >= 0;
  }

  private static int lowerIndexOf(List<String> args, String word) {
    for (int i = 0; i < args.size(); i++) {
      if (args.get(i).equalsIgnoreCase(word)) {
        return i;
      }
    }
    return -1;
  }

  /** MongoDB's shell: dropping a database or collection, or deleting every document. */
  private static void mongo(String text, List<DataLoss> found) {
    // A method by a bracket is the method: db.users['drop']() is db.users.drop() (rtq red team).
    String code = MEMBER.matcher(text.replaceAll("\\s+", "")).replaceAll(".$1");
    if (code.contains("dropDatabase(")
        || code.contains(".drop(")
        || COMMAND_DROPS.matcher(code).find()) {
      found.add(DataLoss.DROP);
    } else if (code.contains("deleteMany({})")
        || code.contains("deleteMany({},")
        || code.contains("remove({})")
        || code.contains("remove({},")
        || code.contains("deleteMany()")
        || COMMAND_DELETES_ALL.matcher(code).find()) {
      found.add(DataLoss.FLUSH);
    }
  }

  /** A member by a bracket and a quoted name: {@code ['drop']}, {@code ["deleteMany"]}. */
  private static final java.util.regex.Pattern MEMBER =
      java.util.regex.Pattern.compile("\\[['\"`](\\w+)['\"`]\\]");

  /** A database command that drops: {@code runCommand({drop: 'users'})}, {dropDatabase: 1}. */
  private static final java.util.regex.Pattern COMMAND_DROPS =
      java.util.regex.Pattern.compile(
          "\\.(?:runCommand|adminCommand)\\(\\{['\"]?(?:drop|dropDatabase)['\"]?:");

  /** The delete command with an empty filter: {@code {delete: 'users', deletes: [{q: {}, …}]}}. */
  private static final java.util.regex.Pattern COMMAND_DELETES_ALL =
      java.util.regex.Pattern.compile(
          "\\.(?:runCommand|adminCommand)\\(\\{['\"]?delete['\"]?:[^)]*['\"]?q['\"]?:\\{\\}");

  /** influx bucket delete (and org delete); influx delete with no predicate empties a range. */
  private static DataLoss influx(List<String> args) {
    String first = args.isEmpty() ? "" : args.get(0);
    String second = args.size() > 1 ? args.get(1) : "";
    if ((first.equals("bucket") || first.equals("org")) && second.equals("delete")) {
      return DataLoss.DROP;
    }
    if (first.equals("delete") && !args.contains("--predicate") && !args.contains("-p")) {
      return DataLoss.DELETE_ALL;
    }
    return null;
  }

  /** etcdctl del with --prefix or --from-key: every key under (or after) the one given. */
  private static DataLoss etcd(List<String> args) {
    boolean del = args.contains("del") || args.contains("delete");
    boolean many = false;
    for (String arg : args) {
      many |= arg.equals("--prefix") || arg.startsWith("--prefix=") || arg.startsWith("--from-key");
    }
    return del && many ? DataLoss.FLUSH : null;
  }

  /** consul kv delete -recurse: every key under a prefix, or all of them. */
  private static DataLoss consul(List<String> args) {
    if (args.size() < 2 || !args.get(0).equals("kv") || !args.get(1).equals("delete")) {
      return null;
    }
    for (String arg : args) {
      if (arg.equals("-recurse") || arg.equals("--recurse") || arg.equals("-recurse=true")) {
        return DataLoss.FLUSH;
      }
    }
    return null;
  }

  /** Redpanda's rpk: topic delete. */
  private static DataLoss rpk(List<String> args) {
    return args.size() >= 2 && args.get(0).equals("topic") && args.get(1).equals("delete")
        ? DataLoss.DROP
        : null;
  }

  private static DataLoss rabbitmqctl(List<String> args) {
    for (String arg : args) {
      switch (arg) {
        case "reset", "force_reset" -> {
          return DataLoss.FLUSH; // every queue, exchange, user and message of the node
        }
        case "delete_queue", "delete_vhost" -> {
          return DataLoss.DROP;
        }
        case "purge_queue" -> {
          return DataLoss.TRUNCATE;
        }
        default -> {}
      }
    }
    return null;
  }

  private static DataLoss rabbitmqadmin(List<String> args) {
    boolean queueOrVhost = args.contains("queue") || args.contains("vhost");
    if (args.contains("delete") && queueOrVhost) {
      return DataLoss.DROP;
    }
    return args.contains("purge") && args.contains("queue") ? DataLoss.TRUNCATE : null;
  }

  /**
   * An HTTP DELETE of an Elasticsearch or OpenSearch index, of every index ({@code _all}, {@code
   * *}) or of a data stream: the store's port (9200, Elastic Cloud's 9243) or its name in the host.
   * A document ({@code index/_doc/1}) is one row, not the table.
   */
  private static DataLoss searchIndexDeleted(List<Word> args) {
    if (!HttpDeletes.deletes(args)) {
      return null; // most requests: no URL read at all
    }
    for (Word word : args) {
      if (searchIndex(word.text())) {
        return DataLoss.DROP;
      }
    }
    return null;
  }

  private static boolean searchIndex(String url) {
    String rest = url.contains("://") ? url.substring(url.indexOf("://") + 3) : url;
    int slash = rest.indexOf('/');
    if (slash < 0) {
      return false;
    }
    String host = rest.substring(0, slash).toLowerCase(Locale.ROOT);
    boolean store =
        host.endsWith(":9200")
            || host.endsWith(":9243")
            || host.contains("elastic")
            || host.contains("opensearch");
    if (!store) {
      return false;
    }
    String path = rest.substring(slash + 1);
    int query = path.indexOf('?');
    if (query >= 0) {
      path = path.substring(0, query);
    }
    String[] parts = path.split("/");
    if (parts.length == 0 || parts[0].isEmpty()) {
      return false;
    }
    if (parts.length == 1) {
      return !parts[0].startsWith("_") || parts[0].equals("_all");
    }
    return parts.length == 2 && parts[0].equals("_data_stream");
  }

  /**
   * A store's client run in a local container and given no host ({@code docker compose exec -T
   * redis redis-cli FLUSHALL}): the container's own store, a developer's, unless the command names
   * production (decision 129).
   */
  private static boolean inLocalContainer(Scan scan, Step step) {
    return DatabaseTargets.inLocalContainer(step)
        && Environments.hosts(step).isEmpty()
        && !Environments.production(scan, step);
  }
}
