package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A message sent on a shared bus from an interpreter's inline code (decision 152, the red team of
 * decision 150): the bus's client library ({@code redis}, {@code kafka}, {@code nats}, {@code
 * pika}, {@code paho.mqtt}, {@code temporalio}…) called with a writing or sending method ({@code
 * .set(}, {@code .send(}, {@code .publish(}, {@code .start_workflow(}) on a server that is not this
 * machine's: a host named in the code, production named, or an address read from the environment.
 * Decision 199 adds the queues' own clients: IBM MQ's {@code pymqi} ({@code Queue(…).put(…)}),
 * STOMP's ({@code send}), SQS's and Service Bus's ({@code send_message}, {@code send_messages}).
 */
final class BusCode {
  private BusCode() {}

  /** What names a bus's client library in code. */
  private static final List<String> LIBRARIES =
      List.of(
          "redis",
          "Redis(",
          "kafka",
          "Kafka",
          "Producer(",
          "nats",
          "pika",
          "amqp",
          "paho",
          "mqtt",
          "temporalio",
          "Client.connect(",
          "pymqi",
          "stomp",
          "'sqs'",
          "\"sqs\"",
          "servicebus");

  /** The methods that send, start or write, beside Redis's writing commands. */
  private static final Set<String> SENDS =
      NameSet.of(
          "send",
          "send_and_wait",
          "produce",
          "publish",
          "basic_publish",
          "start_workflow",
          "execute_workflow",
          "signal_workflow",
          "request",
          "send_message",
          "send_message_batch",
          "send_messages");

  /** IBM MQ's sending methods, a put only where its library is named: {@code .put(} is common. */
  private static final Set<String> MQ_PUTS = NameSet.of("put", "put1");

  /**
   * A local file's path in quotes ({@code '/tmp/order.xml'}): what the message holds, read from a
   * file, says nothing of the bus it goes to (decision 199), so its {@code tmp} is no test's name.
   */
  private static final Pattern FILE_PATH = Pattern.compile("(['\"])(?:/|\\./|~/)[^'\"\\s]*\\1");

  private static final Pattern CALL = Pattern.compile("\\.([A-Za-z_][A-Za-z0-9_]*)\\s*\\(");

  /** A quoted value that may be a server: {@code 'kafka-1.acme.net:9092'}, {@code 'redis://…'}. */
  private static final Pattern QUOTED = Pattern.compile("['\"]([A-Za-z0-9][^'\"\\s]{2,200})['\"]");

  /**
   * Whether the inline code sends on a shared bus.
   *
   * @param step the interpreter
   * @return whether it does
   */
  static boolean sends(Step step) {
    String code = SharedCodeActs.codeOf(step);
    if (code == null) {
      return false;
    }
    if (LIBRARIES.stream().noneMatch(code::contains) || !sendingCall(code, code.contains("mqi"))) {
      return false;
    }
    boolean production = Environments.namesProduction(code);
    if (!production
        && (code.contains("localhost")
            || code.contains("127.0.0.1")
            || TestEndpoints.names(code)
            || Environments.testName(FILE_PATH.matcher(code).replaceAll("''")))) {
      return false;
    }
    return production || fromEnvironment(code) || remoteServer(code);
  }

  private static boolean sendingCall(String code, boolean mq) {
    Matcher m = CALL.matcher(code);
    while (m.find()) {
      String name = m.group(1).toLowerCase(Locale.ROOT);
      if (SENDS.contains(name) || BusSends.redisWrite(name) || mq && MQ_PUTS.contains(name)) {
        return true;
      }
    }
    return false;
  }

  private static boolean fromEnvironment(String code) {
    return code.contains("environ") || code.contains("getenv") || code.contains("process.env");
  }

  private static boolean remoteServer(String code) {
    Matcher m = QUOTED.matcher(code);
    while (m.find()) {
      for (String one : m.group(1).split(",")) {
        // IBM MQ's connection names write the port in brackets: mq-01.acme.net(1414)
        String host = Environments.host(one.replaceFirst("\\(\\d+\\)$", ""));
        if (SharedActs.hostLike(host) && SharedActs.otherMachine(host)) {
          return true;
        }
      }
    }
    return false;
  }
}
