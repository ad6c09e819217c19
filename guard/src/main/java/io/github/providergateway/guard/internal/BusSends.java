package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A message put on a shared bus, or a job started on a shared orchestrator, by its own client
 * (decision 150, {@code shapes.message-sent}): whatever the trade, every consumer acts on it — a
 * command to a fleet, a cancellation, a payout — and nothing takes it back. Kafka's producers,
 * NATS, MQTT's commands to devices, Redis's writing commands, gRPC calls that are no read,
 * Temporal's workflows, a cloud's queues, topics, functions and state machines; sent to a host not
 * this machine's, or named production. A local broker, a test, staging or development name, an
 * emulator's endpoint, a dry run: none.
 */
final class BusSends {
  private BusSends() {}

  /** Redis's commands that change what it holds or publish. */
  private static final Set<String> REDIS_WRITES =
      NameSet.of(
          "set",
          "setex",
          "psetex",
          "setnx",
          "mset",
          "msetnx",
          "getset",
          "getdel",
          "hset",
          "hmset",
          "hsetnx",
          "hdel",
          "del",
          "unlink",
          "publish",
          "spublish",
          "xadd",
          "xdel",
          "xtrim",
          "lpush",
          "rpush",
          "lpop",
          "rpop",
          "lset",
          "lrem",
          "ltrim",
          "sadd",
          "srem",
          "zadd",
          "zrem",
          "incr",
          "incrby",
          "decr",
          "decrby",
          "hincrby",
          "expire",
          "pexpire",
          "persist",
          "rename",
          "append",
          "json.set",
          "json.del");

  /** Redis's commands that read: the first command word decides. */
  private static final Set<String> REDIS_READS =
      NameSet.of(
          "get",
          "mget",
          "hget",
          "hgetall",
          "hmget",
          "keys",
          "scan",
          "hscan",
          "sscan",
          "zscan",
          "exists",
          "ttl",
          "pttl",
          "type",
          "strlen",
          "llen",
          "lrange",
          "smembers",
          "scard",
          "zrange",
          "zcard",
          "xrange",
          "xlen",
          "xinfo",
          "info",
          "ping",
          "dbsize",
          "monitor",
          "subscribe",
          "psubscribe",
          "client",
          "config",
          "memory",
          "slowlog",
          "latency",
          "cluster",
          "hlen",
          "hkeys",
          "hvals",
          "json.get",
          "--scan",
          "--bigkeys",
          "--memkeys",
          "--latency",
          "--stat");

  /** A cloud CLI's service and the operations of it that send or start. */
  private static final Map<String, Set<String>> CLOUD_SENDS =
      Map.of(
          "sqs", Set.of("send-message", "send-message-batch", "purge-queue"),
          "sns", Set.of("publish", "publish-batch"),
          "lambda", Set.of("invoke", "invoke-async"),
          "stepfunctions", Set.of("start-execution", "start-sync-execution", "send-task-success"),
          "events", Set.of("put-events"),
          "kinesis", Set.of("put-record", "put-records"),
          "firehose", Set.of("put-record", "put-record-batch"),
          "iot-data", Set.of("publish", "update-thing-shadow", "delete-thing-shadow"),
          "pubsub", Set.of("publish"),
          "functions", Set.of("call"));

  /** A gRPC method's verbs that read. */
  private static final Pattern GRPC_READ =
      Pattern.compile(
          "^(?:Get|List|Describe|Search|Query|Watch|Check|Health|Lookup|Find|Read|Stream)");

  /**
   * Whether the program sends a message or starts a job on a shared system.
   *
   * @param scan the call
   * @param step the program
   * @return whether it does
   */
  static boolean sends(Scan scan, Step step) {
    List<Word> args = step.args();
    if (!sending(scan, step, args) || dryRun(args)) {
      return false;
    }
    if (Environments.production(scan, step) || productionWord(args)) {
      return true;
    }
    if (testOrLocal(args)) {
      return false;
    }
    if (step.program().equals("aws") || step.program().equals("gcloud")) {
      // the company's account: a queue, a topic, a function of its own, given what to act on
      return ActReach.hasOption(args, CARRIERS);
    }
    for (String host : hostsOf(scan, step)) {
      if (!host.equals("?") && SharedActs.otherMachine(host) && !Environments.stagingHost(host)) {
        return true;
      }
    }
    return BusTargets.unseen(step); // kcat -b "$BROKERS": a host from outside the call (d. 152)
  }

  private static boolean sending(Scan scan, Step step, List<Word> args) {
    List<String> words = positionals(args);
    switch (step.program()) {
      case "kcat", "kafkacat":
        return has(args, "-P");
      case "kafka-console-producer", "kafka-console-producer.sh", "kafka-avro-console-producer":
      case "amqp-publish":
        return true;
      case "mosquitto_pub":
        return commandTopic(args);
      case "nats":
        return !words.isEmpty() && NATS_SENDS.contains(words.get(0));
      case "rabbitmqadmin":
        return words.contains("publish");
      case "redis-cli", "valkey-cli", "keydb-cli":
        // --pipe: mass insertion; no command words: the commands come on its input (d. 152)
        return has(args, "--pipe")
            || redisWrites(words)
            || words.isEmpty()
                && BusTargets.echoed(scan, step).stream().anyMatch(BusSends::redisWrite);
      case "grpcurl":
        return grpcWrites(args, words);
      case "grpc_cli":
        // grpc_cli call ADDRESS SERVICE.METHOD [REQUEST]: the request is a positional
        return words.size() >= 3 && words.get(0).equals("call") && grpcActs(words.get(2));
      case "temporal", "tctl":
        return words.size() >= 2
            && WORKFLOW_COMMANDS.contains(words.get(0))
            && WORKFLOW_SENDS.contains(words.get(1));
      case "aws", "gcloud":
        return cloudSends(words);
      default:
        return false;
    }
  }

  /** NATS's subcommands that send. */
  private static final Set<String> NATS_SENDS = NameSet.of("pub", "publish", "req", "request");

  /** Temporal's and tctl's name for its workflow commands. */
  private static final Set<String> WORKFLOW_COMMANDS = NameSet.of("workflow", "wf");

  /** Temporal's workflow subcommands that start or change a workflow. */
  private static final Set<String> WORKFLOW_SENDS =
      NameSet.of("start", "execute", "signal", "terminate", "reset", "update", "cancel");

  /** The parts of a word that name a test's, development's or staging's place. */
  private static final Set<String> TEST_PARTS =
      NameSet.of("test", "testing", "dev", "staging", "stage", "stg", "sandbox", "local", "qa");

  /** An MQTT topic's last levels that command a device rather than report or ask. */
  private static final Set<String> COMMAND_LEVELS =
      NameSet.of(
          "set",
          "cmd",
          "command",
          "commands",
          "control",
          "config",
          "write",
          "action",
          "actions",
          "ota",
          "update",
          "lock",
          "unlock",
          "reboot",
          "restart",
          "shutdown",
          "open",
          "close");

  /** Whether an MQTT message goes to a topic that commands ({@code …/lock/set}, {@code …/cmd}). */
  private static boolean commandTopic(List<Word> args) {
    for (int i = 0; i < args.size(); i++) {
      String option = args.get(i).text();
      String topic =
          option.equals("-t") || option.equals("--topic")
              ? i + 1 < args.size() ? args.get(i + 1).text() : ""
              : option.startsWith("--topic=") ? option.substring(8) : null;
      if (topic != null) {
        String[] levels = topic.toLowerCase(Locale.ROOT).split("/");
        for (int k = Math.max(0, levels.length - 2); k < levels.length; k++) {
          if (COMMAND_LEVELS.contains(levels[k])) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /**
   * {@return whether a word is one of Redis's writing commands, in any case}
   *
   * @param word a command's or a method's name
   */
  static boolean redisWrite(String word) {
    return REDIS_WRITES.contains(word.toLowerCase(Locale.ROOT));
  }

  private static boolean redisWrites(List<String> words) {
    for (String word : words) {
      String lower = word.toLowerCase(Locale.ROOT);
      if (REDIS_READS.contains(lower)) {
        return false;
      }
      if (REDIS_WRITES.contains(lower)) {
        return true;
      }
    }
    return false;
  }

  private static boolean grpcWrites(List<Word> args, List<String> words) {
    boolean data = false;
    for (Word word : args) {
      String text = word.text();
      data |= text.equals("-d") || text.startsWith("-d=") || text.startsWith("--d=");
    }
    if (!data || words.isEmpty()) {
      return false;
    }
    return grpcActs(words.get(words.size() - 1));
  }

  /** Whether a gRPC method's name ({@code pkg.v1.Rollouts/Start}) is no read. */
  private static boolean grpcActs(String method) {
    int cut = Math.max(method.lastIndexOf('/'), method.lastIndexOf('.'));
    String name = method.substring(cut + 1);
    return !name.isEmpty() && !PatternLiterals.finds(GRPC_READ, name);
  }

  private static boolean cloudSends(List<String> words) {
    for (int i = 0; i + 1 < words.size() && i < 4; i++) {
      Set<String> operations = CLOUD_SENDS.get(words.get(i));
      if (operations == null) {
        continue;
      }
      String next = words.get(i + 1);
      if (operations.contains(next)) {
        return true;
      }
      // gcloud pubsub topics publish, gcloud functions call
      return i + 2 < words.size() && operations.contains(words.get(i + 2));
    }
    return false;
  }

  /** The words that are not options, nor an option's value when it is given apart. */
  private static List<String> positionals(List<Word> args) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < args.size() && out.size() < 16; i++) {
      String text = args.get(i).text();
      if (text.startsWith("-")) {
        if (!text.contains("=") && i + 1 < args.size() && VALUED_OPTIONS.contains(text)) {
          i++;
        }
        continue;
      }
      out.add(text);
    }
    return out;
  }

  /** Options of these clients that take a value as the next word. */
  private static final Set<String> VALUED_OPTIONS =
      NameSet.of(
          "-h",
          "-s",
          "-p",
          "-a",
          "-n",
          "-u",
          "-b",
          "-t",
          "-k",
          "-X",
          "-H",
          "-c",
          "-m",
          "-q",
          "-i",
          "--host",
          "--port",
          "--pass",
          "--user",
          "--server",
          "--address",
          "--namespace",
          "--region",
          "--profile",
          "--creds",
          "--context",
          "--bootstrap-server",
          "--topic",
          "--producer.config",
          "--property",
          "--task-queue",
          "--type",
          "--workflow-id",
          "--input",
          "--queue-url",
          "--function-name",
          "--state-machine-arn",
          "--name",
          "--message-body",
          "--payload",
          "--topic-arn",
          "--message",
          "--endpoint-url",
          "--cli-binary-format",
          "--tls-cert",
          "--tls-key",
          "--cacert",
          "--cert",
          "--key",
          "--authority",
          "--import-path",
          "--proto",
          "--protoset",
          "--max-time",
          "--connect-timeout",
          "--project",
          "--data",
          "--attribute",
          "--entries",
          "--stream-name",
          "--partition-key",
          "--thing-name");

  /** A cloud CLI's options that carry the message or the input it sends. */
  private static final Set<String> CARRIERS =
      NameSet.of(
          "--payload",
          "--message-body",
          "--message",
          "--input",
          "--entries",
          "--records",
          "--data",
          "--detail",
          "--publish-batch-request-entries",
          "--attribute",
          "--cli-input-json",
          "--cli-input-yaml");

  /** A dry run, as the shapes read it, but {@code -h}: these clients' host, not their help. */
  private static boolean dryRun(List<Word> args) {
    List<Word> rest = new ArrayList<>(args.size());
    for (Word word : args) {
      if (!word.text().equals("-h")) {
        rest.add(word);
      }
    }
    return SharedActs.dryRun(rest);
  }

  private static boolean has(List<Word> args, String flag) {
    for (Word word : args) {
      if (word.text().equals(flag)) {
        return true;
      }
    }
    return false;
  }

  private static boolean productionWord(List<Word> args) {
    for (Word word : args) {
      String text = word.text();
      if (text.length() > 256) {
        continue;
      }
      for (String part : text.toLowerCase(Locale.ROOT).split("[^a-z0-9]+")) {
        if (ShapeWords.PRODUCTION.contains(part)) {
          return true; // kafka-prod-1, eu-live, nats://events.eu-prd…
        }
      }
    }
    return false;
  }

  /** A JSON object's key and its colon. */
  private static final Pattern JSON_KEY = Pattern.compile("\"[^\"]{0,128}\"\\s*:");

  private static boolean testOrLocal(List<Word> args) {
    for (Word word : args) {
      String text = word.text();
      if (text.length() > 256) {
        continue;
      }
      if (text.startsWith("/") || text.startsWith("./") || text.startsWith("file:")) {
        continue; // /tmp/test.json: the message's file, not where it goes (decision 152)
      }
      String lower = text.toLowerCase(Locale.ROOT);
      if (lower.startsWith("{") || lower.startsWith("[")) {
        // a JSON message's keys name its fields, not where it goes ("stage_percent": 100)
        lower = JSON_KEY.matcher(lower).replaceAll(":");
      }
      if (lower.contains("localhost")
          || lower.contains("127.0.0.1")
          || lower.contains("localstack")
          || lower.contains("host.docker.internal")) {
        return true;
      }
      for (String part : lower.split("[^a-z0-9]+")) {
        if (TEST_PARTS.contains(part)) {
          return true;
        }
      }
    }
    return false;
  }

  /** The hosts the program names, Kafka's broker list and Temporal's address among them. */
  private static List<String> hostsOf(Scan scan, Step step) {
    List<String> hosts = DatabaseTargets.namedHosts(step);
    hosts.addAll(BusTargets.fromEnvironment(scan)); // NATS_URL=nats://… nats pub (decision 152)
    List<Word> args = step.args();
    if (step.program().equals("grpc_cli")) {
      List<String> words = positionals(args);
      if (words.size() > 1) {
        hosts.add(Environments.host(words.get(1))); // grpc_cli call ADDRESS …
      }
    }
    for (int i = 0; i + 1 < args.size(); i++) {
      String text = args.get(i).text();
      if (text.equals("-b") || text.equals("--address")) {
        for (String one : args.get(i + 1).text().split(",")) {
          hosts.add(Environments.host(one));
        }
      }
    }
    return hosts;
  }
}
